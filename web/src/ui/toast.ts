import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/domain';

/** Toasts close themselves after TOAST_MS (part 2 section 2.9). */
export const toast = {
  success: (message: string) => notifications.show({ message, color: 'brand', autoClose: TOAST_MS }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: TOAST_MS }),
  warning: (message: string) => notifications.show({ message, color: 'yellow', autoClose: TOAST_MS }),
};
