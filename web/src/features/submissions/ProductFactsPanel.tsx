import { useId } from 'react';
import { Alert, Badge, Button, List, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  FACT_SOURCE_LABELS,
  factRows,
  labelDisagreements,
  type MeasureUnit,
  isCommentFact,
  type NutrientKey,
  type ProductFacts,
  type ReviewCommentFact,
} from '@portal/domain';
import type { FactSourceKind, ProductFactsFieldsFragment } from '../../api/gql/graphql.ts';
import { FactComments, FieldComments, type ShownComment } from './ReviewComments.tsx';

/** Where one value came from, as the API answers it. */
export interface ShownFactSource {
  field: string;
  source: FactSourceKind;
  fileName?: string | null;
}

/** The API's facts in the shared schema's shape (nutrients keyed), for the domain's rows and label arithmetic. */
export function productFactsOf(f: ProductFactsFieldsFragment): ProductFacts {
  const quantity = (q: ProductFactsFieldsFragment['servingSize']) =>
    q ? { printed: q.printed, quantity: q.quantity ?? null, unit: (q.unit ?? null) as MeasureUnit | null } : null;
  return {
    basis: f.basis as ProductFacts['basis'],
    servingSize: quantity(f.servingSize),
    servingsPerContainer: f.servingsPerContainer
      ? { printed: f.servingsPerContainer.printed, value: f.servingsPerContainer.value ?? null }
      : null,
    calories: f.calories ?? null,
    energyKj: f.energyKj ?? null,
    nutrients: Object.fromEntries(
      f.nutrients.map((n) => [
        n.key as NutrientKey,
        { amount: n.amount, unit: n.unit as MeasureUnit, dailyValuePercent: n.dailyValuePercent ?? null },
      ]),
    ),
    netContent: quantity(f.netContent),
    ingredients: f.ingredients ?? null,
    allergens: f.allergens ?? null,
  };
}

function SourceText({ source }: { source: ShownFactSource | undefined }) {
  if (!source) return <Text size="sm">—</Text>;
  const onPhoto = source.source !== 'typed' && source.fileName;
  return (
    <Text size="sm" data-testid="fact-source">
      {FACT_SOURCE_LABELS[source.source]}
      {onPhoto && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({source.fileName})
        </Text>
      )}
    </Text>
  );
}

/**
 * A product's facts as a table in the label's order: each value, where it came from when the sources are shown
 * (the submission's pages), and the numbers the label's own arithmetic finds disagreeing, flagged on their rows.
 */
export function ProductFactsPanel({
  facts,
  sources,
  heading = 'Product facts',
  comments = [],
  onComment,
}: {
  facts: ProductFactsFieldsFragment | null | undefined;
  /** Omitted on the catalogue: certified values have no source column. */
  sources?: readonly ShownFactSource[];
  heading?: string;
  /** The reviewer's comments of the rejection the submission is in: those on a fact show beside its value. */
  comments?: readonly ShownComment[];
  /** Starts a reviewer's comment on the fact (the review view, while the item waits for a decision). */
  onComment?: (field: ReviewCommentFact) => void;
}) {
  const headingId = useId();
  const product = facts ? productFactsOf(facts) : null;
  const rows = product ? factRows(product) : [];
  const disagreements = product ? labelDisagreements(product) : [];
  const sourceOf = (field: string) => sources?.find((s) => s.field === field);
  // A comment on a value the facts do not hold ("Sodium is missing") has no row: it is listed under the table.
  const rowless = comments.filter((c) => isCommentFact(c.target) && !rows.some((r) => r.field === c.target));
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {heading}
      </Title>
      {!rows.length ? (
        <Text size="sm" c="dimmed">
          No product facts were given.
        </Text>
      ) : (
        <>
          {disagreements.length > 0 && (
            <Alert color="orange" variant="light" title="The label's numbers disagree" mb="sm" role="note">
              <List size="sm">
                {disagreements.map((d) => (
                  <List.Item key={d.check}>{d.message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Table withTableBorder aria-labelledby={headingId} data-testid="product-facts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Fact</Table.Th>
                <Table.Th scope="col">Value</Table.Th>
                {sources && <Table.Th scope="col">Source</Table.Th>}
                {onComment && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Comment</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.field} data-field={r.field}>
                  <Table.Th scope="row">{r.label}</Table.Th>
                  <Table.Td>
                    {r.value}
                    {isCommentFact(r.field) && (
                      <FieldComments comments={comments} field={r.field} label={r.label.toLowerCase()} />
                    )}
                    {r.disagreements.length > 0 && (
                      <Badge ml="xs" size="sm" color="orange" variant="light" c="#7a3b00" title={r.disagreements[0]}>
                        Disagrees
                        <VisuallyHidden>: {r.disagreements.join(' ')}</VisuallyHidden>
                      </Badge>
                    )}
                  </Table.Td>
                  {sources && (
                    <Table.Td>
                      <SourceText source={sourceOf(r.field)} />
                    </Table.Td>
                  )}
                  {onComment && (
                    <Table.Td w={1}>
                      {isCommentFact(r.field) && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => onComment(r.field as ReviewCommentFact)}
                          aria-label={`Comment on ${r.label}`}
                        >
                          Comment
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <FactComments comments={rowless} />
    </section>
  );
}
