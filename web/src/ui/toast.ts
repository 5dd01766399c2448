import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/domain';
import { sessionEnded } from '../api/api-events.ts';

/** Toasts close themselves after TOAST_MS (part 2 section 2.9). */
// Mantine's close button has no name of its own: screen readers would announce a bare 'button'.
const closeButtonProps = { 'aria-label': 'Close notification' };

/**
 * Errors and warnings are about the page they were raised on (a field to fix, a step refused): they go when the user
 * leaves that page, as the banner does. Successes stay their time: they often confirm what sent the user elsewhere.
 */
const pageToasts = new Set<string>();

const pageToast = (message: string, color: string) => {
  const id = notifications.show({ message, color, autoClose: TOAST_MS, closeButtonProps, onClose: () => forget(id) });
  pageToasts.add(id);
  return id;
};
const forget = (id: string) => pageToasts.delete(id);

export const toast = {
  success: (message: string) => notifications.show({ message, color: 'brand', autoClose: TOAST_MS, closeButtonProps }),
  error: (message: string) => pageToast(message, 'red'),
  warning: (message: string) => pageToast(message, 'yellow'),
  /** Hides one toast whose message no longer holds (what it asked to fix was fixed). */
  dismiss: (id: string) => {
    notifications.hide(id);
    forget(id);
  },
};

/** Hides the error and warning toasts still on screen (the route changed, or the page is about to say anew). */
export function clearPageToasts() {
  for (const id of [...pageToasts]) {
    notifications.hide(id);
    pageToasts.delete(id);
  }
}

/** Hides one toast (what it said no longer holds). */
export function hideToast(id: string) {
  notifications.hide(id);
  pageToasts.delete(id);
}

/** Every toast, successes too, and those waiting their turn, belongs to the session that raised it. */
sessionEnded.subscribe(() => {
  notifications.clean();
  pageToasts.clear();
});
