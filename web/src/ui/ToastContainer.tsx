import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/domain';

/** Mantine's toasts. Bottom right: at the top right a toast covers the account menu (and Logout) for its 10 seconds. */
export function ToastContainer() {
  return <Notifications autoClose={TOAST_MS} position="bottom-right" />;
}
