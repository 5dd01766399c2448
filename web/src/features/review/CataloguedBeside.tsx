import { Anchor, Badge, Group, Table, Text, Title } from '@mantine/core';
import { displayUpc, type ReviewItemComparison } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { formatDateTime } from '../../ui/dates.ts';

type Catalogued = NonNullable<ReviewItemComparison['catalogued']>;

/** The mark of a pair that differs: a word, not a colour only (read out, and seen without colour). */
export function DiffersBadge({ children = 'Differs' }: { children?: string }) {
  return (
    <Badge size="xs" variant="light" color="orange" c="#7a3b00" ml={6}>
      {children}
    </Badge>
  );
}

/**
 * The product already catalogued under the item's UPC: its certified values beside what the proposal says, each pair
 * that differs marked, and its current images. What the catalogue has no field for in a proposal (department,
 * category…) is shown without a proposal value.
 */
export function CataloguedBeside({ catalogued: c }: { catalogued: Catalogued }) {
  const differing = c.rows.filter((r) => r.differs).length;
  return (
    <section aria-labelledby="review-catalogued">
      <Title order={2} size="h4" id="review-catalogued">
        Catalogued product
      </Title>
      <Text size="sm" mb={4}>
        <Anchor component={AppLink} to={`/cataloguedProducts/${c.ean13Upc}`}>
          {displayUpc(c.ean13Upc)}
        </Anchor>
        {c.isDelisted && ' (delisted)'}, certified values as of {formatDateTime(c.updatedDate)}.{' '}
        {differing === 0
          ? 'The proposal agrees with them.'
          : `${differing} ${differing === 1 ? 'value differs' : 'values differ'} from the proposal.`}
      </Text>
      <Table withTableBorder aria-label="Certified values beside the proposal">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Catalogued</Table.Th>
            <Table.Th scope="col">Proposed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.rows.map((r) => (
            <Table.Tr
              key={r.label}
              data-differs={r.differs || undefined}
              bg={r.differs ? 'var(--mantine-color-orange-0)' : undefined}
            >
              <Table.Th scope="row">
                {r.label}
                {r.differs && <DiffersBadge />}
              </Table.Th>
              <Table.Td>{r.certified ?? '—'}</Table.Td>
              <Table.Td>
                {r.proposed === undefined ? (
                  <Text span c="dimmed">
                    n/a<span className="visually-hidden"> (a proposal has no such field)</span>
                  </Text>
                ) : (
                  (r.proposed ?? '—')
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5" mt="xs">
        Current images
      </Title>
      {c.images.length === 0 ? (
        <Text size="sm" c="dimmed">
          The catalogued product has no accepted images.
        </Text>
      ) : (
        <Group
          gap="xs"
          component="ul"
          aria-label="Current images of the catalogued product"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {c.images.map((img, i) => (
            <li key={img.imageUrl}>
              <a href={img.imageUrl} target="_blank" rel="noreferrer">
                <img
                  src={img.thumbnailUrl}
                  alt={`The catalogued product, ${i + 1} of ${c.images.length}`}
                  width={72}
                  height={72}
                  style={{ objectFit: 'cover', display: 'block' }}
                />
              </a>
            </li>
          ))}
        </Group>
      )}
    </section>
  );
}
