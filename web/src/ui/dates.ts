import dayjs from 'dayjs';

/** Display formats of part 1 section 9, in the browser's local time. */
export const DATE_TIME_FORMAT = 'MM/DD/YYYY h:mm a';
export const DATE_FORMAT = 'MM/DD/YYYY';

/** '03/07/2025 4:05 pm' in local time; an unreadable date shows as given. */
export function formatDateTime(value: string | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : String(value);
}

export function formatDate(value: string | Date): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : String(value);
}
