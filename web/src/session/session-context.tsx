import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FeatureFlag } from '@portal/domain';
import { notAuthorized, sessionEnded } from '../api/api-events.ts';
import { useResource, useResourceCache, type ResourceCache } from '../api/resource-cache.ts';
import { pageFirstReads } from './first-reads.ts';
import { fetchCurrentUser, fetchEnabledFlags, logoutOnServer } from './session-api.ts';
import type { UserDetails } from './user.ts';

export type AuthStatus = 'unknown' | 'authenticated' | 'unauthenticated';

/** Why the last session ended: a logout goes home, an expiry remembers where the user was. */
export type SessionEnd = 'logout' | 'expired' | null;

export interface Session {
  status: AuthStatus;
  user: UserDetails | null;
  flags: readonly string[];
  flagsLoaded: boolean;
  hasFlag: (flag: FeatureFlag) => boolean;
  endedBy: SessionEnd;
  /** After a successful login (or password strengthening) with the user the server answered. */
  signIn: (user: UserDetails) => void;
  /** After the user's details changed on the server. */
  updateUser: (user: UserDetails) => void;
  signOut: () => Promise<void>;
}

export const sessionKeys = {
  user: 'session/user',
  flags: (userId: number | null) => `session/feature-flags/${userId}`,
};

export const SessionContext = createContext<Session | null>(null);

// One empty list, so the session value keeps its identity (and consumers do not re-render) while flags load.
const NO_FLAGS: string[] = [];

/**
 * The answers the page came with (first-reads.ts) as the session's first: the first render knows who is there and
 * which flags are on, with no request. Only into a cache that has no session yet: they describe the moment the page
 * was sent, and whatever the app learnt since is newer.
 */
function takePageFirstReads(cache: ResourceCache) {
  const first = pageFirstReads();
  if (!first || !cache.read(sessionKeys.user).isPending) return;
  cache.set(sessionKeys.user, first.user);
  cache.set(sessionKeys.flags(first.user?.id ?? null), first.flags);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const cache = useResourceCache();
  useState(() => takePageFirstReads(cache));
  const [endedBy, setEndedBy] = useState<SessionEnd>(null);

  const userQuery = useResource(sessionKeys.user, fetchCurrentUser, Infinity);
  const user = userQuery.data ?? null;
  const status: AuthStatus = userQuery.isPending ? 'unknown' : user ? 'authenticated' : 'unauthenticated';

  const flagsQuery = useResource(
    status === 'unknown' ? null : sessionKeys.flags(user?.id ?? null),
    fetchEnabledFlags,
    Infinity,
  );
  const flags = flagsQuery.data ?? NO_FLAGS;

  const forgetUser = useCallback(
    (reason: Exclude<SessionEnd, null>) => {
      setEndedBy(reason);
      cache.set(sessionKeys.user, null);
      // Nothing cached for the previous user may leak to the next one, nor anything the previous pages said.
      cache.clearUserData();
      sessionEnded.emit(reason);
    },
    [cache],
  );

  useEffect(
    () =>
      notAuthorized.subscribe(() => {
        if (cache.read(sessionKeys.user).data) forgetUser('expired');
        else cache.set(sessionKeys.user, null);
      }),
    [cache, forgetUser],
  );

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      flags,
      flagsLoaded: flagsQuery.isFetched,
      hasFlag: (flag) => flags.includes(flag),
      endedBy,
      signIn: (signedIn) => {
        setEndedBy(null);
        cache.set(sessionKeys.user, signedIn);
      },
      updateUser: (updated) => cache.set(sessionKeys.user, updated),
      signOut: async () => {
        await logoutOnServer();
        forgetUser('logout');
      },
    }),
    [status, user, flags, flagsQuery.isFetched, endedBy, cache, forgetUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** For screens that only render inside the logged-in shell. */
export function useSignedInUser(): UserDetails {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser used outside the logged-in shell');
  return user;
}
