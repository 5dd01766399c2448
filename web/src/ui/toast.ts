import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/domain';

/** Mantine's close button has no name of its own. */
const closeButtonProps = { 'aria-label': 'Close notification' };

/** Toasts close themselves after TOAST_MS (part 2 section 2.9). */
export const toast = {
  success: (message: string) => notifications.show({ message, color: 'brand', autoClose: TOAST_MS, closeButtonProps }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: TOAST_MS, closeButtonProps }),
  warning: (message: string) => notifications.show({ message, color: 'yellow', autoClose: TOAST_MS, closeButtonProps }),
};
