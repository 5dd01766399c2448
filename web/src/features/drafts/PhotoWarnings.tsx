import { Badge, List, Text, ThemeIcon } from '@mantine/core';
import { READINESS_MSG } from '@portal/domain';
/** As the API answers it (the code a plain string there). */
type PhotoIssue = { code: string; message: string };

/**
 * The photo checks a file failed (issue 20), beside its thumbnail on Enter UPC(s): each a warning with its one-line
 * fix. Polite live region: the checks finish after the page opens, and a screen reader hears them when they do.
 * A check the partner made blocking is marked so beside the file, in red, before Submit is pressed.
 */
export function PhotoWarnings({
  fileName,
  issues,
  notes = [],
  blocking = [],
}: {
  fileName: string;
  issues: readonly PhotoIssue[];
  /** Codes of the checks the partner made blocking. */
  blocking?: readonly string[];
  /** Said the same way after the checks, e.g. that no barcode was found (PHOTO_NOTE_MSG). */
  notes?: readonly { code: string; message: string }[];
}) {
  const shown = [...issues, ...notes];
  return (
    <div aria-live="polite">
      {shown.length > 0 && (
        <List
          spacing={4}
          size="sm"
          aria-label={`Photo warnings for ${fileName}`}
          icon={
            <ThemeIcon size={18} radius="xl" color="orange" variant="light" aria-hidden>
              !
            </ThemeIcon>
          }
        >
          {shown.map((issue) =>
            blocking.includes(issue.code) ? (
              <List.Item
                key={issue.code}
                data-code={issue.code}
                data-blocking="true"
                icon={
                  <ThemeIcon size={18} radius="xl" color="red" variant="light" aria-hidden>
                    !
                  </ThemeIcon>
                }
              >
                <Badge color="red.9" variant="outline" radius="sm" mr={6}>
                  {READINESS_MSG.blockingBadge}
                </Badge>
                <Text span size="sm" c="red.9">
                  {issue.message}
                </Text>
              </List.Item>
            ) : (
              <List.Item key={issue.code} data-code={issue.code}>
                <Text size="sm" c="#7a3a00">
                  {issue.message}
                </Text>
              </List.Item>
            ),
          )}
        </List>
      )}
    </div>
  );
}
