import { Button, Table, Text, Title } from '@mantine/core';
import {
  REVIEW_COMMENT_ATTRIBUTES,
  REVIEW_FIELD_LABELS,
  type ProposalValues,
  type ReviewCommentField,
} from '@portal/domain';

/**
 * The proposal's other attributes (brand, class, measures, prices, promotions, shipping profile…), those filled in
 * with their values, each with a button that starts a comment on it (sent with a rejection, shown to the supplier at
 * that field); the empty ones named in one line, a comment on them too being one choice of the composer's "About".
 */
export function ProposalAttributes({
  values,
  onComment,
}: {
  values: ProposalValues;
  /** Starts a comment on the field; absent when the item is decided (no comment to send). */
  onComment?: (field: ReviewCommentField) => void;
}) {
  const filled = REVIEW_COMMENT_ATTRIBUTES.filter((f) => values[f] != null);
  const empty = REVIEW_COMMENT_ATTRIBUTES.filter((f) => values[f] == null);
  return (
    <section aria-labelledby="review-attributes">
      <Title order={2} size="h4" id="review-attributes">
        Attributes
      </Title>
      {filled.length > 0 && (
        <Table aria-label="Attributes of the proposal">
          <Table.Tbody>
            {filled.map((f) => (
              <Table.Tr key={f}>
                <Table.Th scope="row" w={150}>
                  {REVIEW_FIELD_LABELS[f]}
                </Table.Th>
                <Table.Td>{values[f]}</Table.Td>
                {onComment && (
                  <Table.Td w={1}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onComment(f)}
                      aria-label={`Comment on ${REVIEW_FIELD_LABELS[f]}`}
                    >
                      Comment
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {empty.length === 0
          ? 'Every attribute is filled in.'
          : `Not filled in: ${empty.map((f) => REVIEW_FIELD_LABELS[f]).join(', ')}.`}
      </Text>
    </section>
  );
}
