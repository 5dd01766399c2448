import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/domain';

/** Toasts close themselves after TOAST_MS (part 2 section 2.9). */
// The close button is named, so screen readers (and axe) know what it does.
const closeButtonProps = { 'aria-label': 'Close notification' };
export const toast = {
  success: (message: string) => notifications.show({ message, color: 'brand', autoClose: TOAST_MS, closeButtonProps }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: TOAST_MS, closeButtonProps }),
  warning: (message: string) => notifications.show({ message, color: 'yellow', autoClose: TOAST_MS, closeButtonProps }),
};
