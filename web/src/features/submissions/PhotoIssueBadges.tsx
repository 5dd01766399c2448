import { Badge, Group, List, Text } from '@mantine/core';
import { DUPLICATE_BADGE_HELP, PHOTO_ISSUE_CODES, PHOTO_ISSUE_LABELS, type PhotoIssueCode } from '@portal/domain';
import { ExplainedBadge } from '../../ui/ExplainedBadge.tsx';

/** As the API answers it (the code a plain string there). */
type PhotoIssue = { code: string; message: string };

/** Orange on its light tint, dark enough for AA contrast (as the 'Flagged for Review' badge). */
const ISSUE_COLOUR = { color: 'orange', c: '#7a3a00' } as const;

/**
 * The photo checks (issue 20) failed by any of a submission's files, one badge per check naming the files, for the
 * verification view beside 'Matches Photo' / 'Flagged for Review'.
 */
export function PhotoIssueBadges({
  files,
}: {
  files: readonly { fileName: string; qualityIssues: readonly PhotoIssue[] }[];
}) {
  const byCode = new Map<PhotoIssueCode, string[]>();
  for (const file of files) {
    for (const issue of file.qualityIssues) {
      const code = issue.code as PhotoIssueCode;
      byCode.set(code, [...(byCode.get(code) ?? []), file.fileName]);
    }
  }
  const codes = PHOTO_ISSUE_CODES.filter((code) => byCode.has(code));
  if (codes.length === 0) return null;
  return (
    <Group gap="xs" component="ul" aria-label="Photo issues" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {codes.map((code) => (
        <li key={code}>
          {code === 'DUPLICATE' ? (
            <ExplainedBadge size="lg" variant="light" {...ISSUE_COLOUR} help={duplicateHelp(byCode.get(code)!)}>
              {PHOTO_ISSUE_LABELS[code]}
            </ExplainedBadge>
          ) : (
            <Badge size="lg" variant="light" {...ISSUE_COLOUR} title={byCode.get(code)!.join(', ')}>
              {PHOTO_ISSUE_LABELS[code]}
              {/* A badge writes its label in capitals; file names stay as they are written. */}
              <span className="visually-hidden" style={{ textTransform: 'none' }}>
                {' '}
                in {byCode.get(code)!.join(', ')}
              </span>
            </Badge>
          )}
        </li>
      ))}
    </Group>
  );
}

const duplicateHelp = (fileNames: readonly string[]) => `${DUPLICATE_BADGE_HELP.picture} In ${fileNames.join(', ')}.`;

/** A file's own photo issues under its thumbnail, each with its advice in full (a label alone says nothing to do). */
export function FilePhotoIssues({ fileName, issues }: { fileName: string; issues: readonly PhotoIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <List spacing={2} mt={4} size="xs" aria-label={`Photo issues of ${fileName}`} data-photo-issues>
      {issues.map((issue) => (
        <List.Item key={issue.code} data-code={issue.code}>
          <Text size="xs" c={ISSUE_COLOUR.c}>
            {issue.message}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
