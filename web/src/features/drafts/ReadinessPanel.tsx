import { memo } from 'react';
import { Badge, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { displayUpc, READINESS_MSG, type RuleSeverity } from '@portal/domain';

/** What the panel shows of a product: a draft's live judgement, or a submission's (GraphQL Readiness). */
export interface ShownReadiness {
  upc: string;
  fileNames: readonly string[];
  readiness: {
    percent: number;
    ready: boolean;
    version?: number;
    failing: readonly { code: string; severity: RuleSeverity; message: string; fix: string }[];
  };
}

const SEVERITY: Record<RuleSeverity, { label: string; color: string }> = {
  blocking: { label: READINESS_MSG.severityLabel.blocking, color: 'red.9' },
  warning: { label: READINESS_MSG.severityLabel.warning, color: 'orange.9' },
  info: { label: READINESS_MSG.severityLabel.info, color: 'gray.7' },
};

/**
 * How ready each product of the draft is for the partner, judged as the user types (by the rules the server applies
 * on Submit): the score, and each failing rule with its fix, blocking ones first. Polite live region: a screen
 * reader hears the new score after a change.
 */
export function ReadinessPanel({
  products,
  showVersion = false,
}: {
  products: readonly ShownReadiness[];
  /**
   * A submitted product (the detail page): name the version of the partner's rules it was judged against, and call a
   * failing blocking rule "Blocking" (Submit is behind it).
   */
  showVersion?: boolean;
}) {
  if (!products.length) return null;
  return (
    <Stack gap="sm" aria-live="polite">
      {/* Keyed by its first file (one product each): a product that splits or joins another as a UPC is typed keeps its card. */}
      {products.map((product) => (
        <ProductScore key={product.fileNames[0]} product={product} showVersion={showVersion} />
      ))}
    </Stack>
  );
}

/**
 * One product's card, drawn again only when what it shows changes: a keystroke judges every product of the draft
 * anew (new objects), but mostly changes one of them.
 */
const ProductScore = memo(
  ProductScoreView,
  (a, b) => a.showVersion === b.showVersion && sameShown(a.product, b.product),
);

const sameShown = (a: ShownReadiness, b: ShownReadiness) =>
  a === b ||
  (a.upc === b.upc &&
    a.fileNames.join('/') === b.fileNames.join('/') &&
    a.readiness.percent === b.readiness.percent &&
    a.readiness.ready === b.readiness.ready &&
    a.readiness.version === b.readiness.version &&
    a.readiness.failing.length === b.readiness.failing.length &&
    a.readiness.failing.every((r, i) => {
      const o = b.readiness.failing[i];
      return r.code === o.code && r.severity === o.severity && r.message === o.message && r.fix === o.fix;
    }));

function ProductScoreView({ product, showVersion }: { product: ShownReadiness; showVersion: boolean }) {
  const { percent, failing } = product.readiness;
  const title = READINESS_MSG.score(product.upc, percent);
  const ordered = [...failing].sort((a, b) => Number(b.severity === 'blocking') - Number(a.severity === 'blocking'));
  return (
    <Paper withBorder p="sm" maw={760} aria-label={title}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text fw={600}>{title}</Text>
      </Group>
      {showVersion && product.readiness.version !== undefined && (
        <Text size="xs" c="dimmed">
          {READINESS_MSG.judgedAgainst(product.readiness.version)}
        </Text>
      )}
      <Progress value={percent} color={product.readiness.ready ? 'green.8' : 'red.8'} mt={6} aria-label={title} />
      {ordered.length > 0 && (
        <List
          spacing={4}
          size="sm"
          mt="xs"
          listStyleType="none"
          aria-label={`Rules to fix for ${product.upc ? displayUpc(product.upc) : product.fileNames.join(', ')}`}
        >
          {ordered.map((rule) => (
            <List.Item key={rule.code} data-code={rule.code}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Badge color={SEVERITY[rule.severity].color} variant="outline" radius="sm" style={{ flexShrink: 0 }}>
                  {showVersion && rule.severity === 'blocking'
                    ? READINESS_MSG.blockingSubmitted
                    : SEVERITY[rule.severity].label}
                </Badge>
                <Text size="sm">
                  {rule.message} {rule.fix}{' '}
                  <Text span c="dimmed" size="xs">
                    ({rule.code})
                  </Text>
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
