/**
 * The fetch layer announces what happened instead of touching React state, so it
 * stays usable (and testable) outside components: the banner and the session listen.
 */
type Listener<T> = (payload: T) => void;

function createApiEvent<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit(payload: T) {
      for (const listener of [...listeners]) listener(payload);
    },
    subscribe(listener: Listener<T>) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A message of the generic error handling (part 1 section 8) that the user should see. */
export const apiErrorMessage = createApiEvent<string>();

/** The server answered 401 where the caller did not expect one: the session is gone. */
export const notAuthorized = createApiEvent<void>();

/**
 * The signed-in session ended: the user signed out, or the server no longer knows the session. Whatever the signed-in
 * pages said (banner, toasts) belongs to that session and goes with it.
 */
export const sessionEnded = createApiEvent<'logout' | 'expired'>();
