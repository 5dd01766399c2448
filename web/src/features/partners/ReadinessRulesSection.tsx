import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emptyDryRun,
  IMPLIED_RULE_CODE,
  mergeDryRuns,
  ownRulesInputSchema,
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_LABELS,
  READINESS_DRY_RUN_MSG,
  READINESS_EDITOR_MSG,
  READINESS_MSG,
  RULE_FIELDS,
  RULE_KIND_LABELS,
  RULE_SEVERITIES,
  type ReadinessDryRun,
  type ReadinessRule,
  type RuleKind,
} from '@portal/domain';
import type {
  DryRunReadinessRulesQuery as DryRunStep,
  ReadinessRuleFieldsFragment,
  ReadinessRuleInput,
} from '../../api/gql/graphql.ts';
import { gql } from '../../api/graphql.ts';
import { toast } from '../../ui/toast.ts';
import {
  DryRunReadinessRulesQuery,
  PartnerReadinessRulesQuery,
  SaveReadinessRulesMutation,
} from './partners-operations.ts';

/** One rule as the editor holds it: every kind's fields, as typed. */
interface RuleRow {
  key: number;
  code: string;
  kind: RuleKind;
  severity: ReadinessRule['severity'];
  weight: number | '';
  message: string;
  fix: string;
  field: string;
  min: number | '';
  check: string;
  minLongSidePx: number | '';
  prefixes: string;
}

let nextKey = 1;
const rowOf = (r: ReadinessRuleFieldsFragment): RuleRow => ({
  key: nextKey++,
  code: r.code,
  kind: r.kind as RuleKind,
  severity: r.severity,
  weight: r.weight,
  message: r.message,
  fix: r.fix,
  field: r.field ?? '',
  min: r.min ?? '',
  check: r.check ?? '',
  minLongSidePx: r.minLongSidePx ?? '',
  prefixes: (r.prefixes ?? []).join(', '),
});
const newRow = (): RuleRow => ({
  key: nextKey++,
  code: '',
  kind: 'min-images',
  severity: 'blocking',
  weight: 1,
  message: '',
  fix: '',
  field: '',
  min: 2,
  check: '',
  minLongSidePx: '',
  prefixes: '',
});

/** A row as the rule schema reads it: only its kind's own fields. */
function ruleOf(row: RuleRow): Record<string, unknown> {
  const base = {
    code: row.code.trim(),
    kind: row.kind,
    severity: row.severity,
    weight: row.weight === '' ? 0 : row.weight,
    message: row.message,
    fix: row.fix,
  };
  switch (row.kind) {
    case 'field-present':
      return { ...base, field: row.field };
    case 'min-images':
      return { ...base, min: row.min === '' ? 0 : row.min };
    case 'photo-check':
      return {
        ...base,
        check: row.check,
        ...(row.check === 'LOW_RESOLUTION' && row.minLongSidePx !== '' && { minLongSidePx: row.minLongSidePx }),
      };
    case 'upc-prefix':
      return {
        ...base,
        prefixes: row.prefixes
          .split(/[\s,]+/)
          .map((p) => p.trim())
          .filter(Boolean),
      };
    default:
      return base;
  }
}

const numberOrEmpty = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

/**
 * The partner's own readiness rules on its settings (staff): add, edit and remove rules of each kind; a check of what
 * saving would change (the dry run) before Save; saving makes a new version. The rules are checked by the same schema
 * as on the server, so a rule set that cannot be satisfied or names an unknown field is stopped here, naming the
 * rule, and the server would refuse it in the same words.
 */
export function ReadinessRulesSection({ partnerCompanyId }: { partnerCompanyId: number }) {
  const queryKey = ['settings', 'readiness-rules', partnerCompanyId] as const;
  const current = useQuery({
    queryKey,
    queryFn: async () => (await gql(PartnerReadinessRulesQuery, { partnerCompanyId })).getReadinessRules,
  });
  if (!current.data) return <Loader aria-label="Loading the readiness rules" />;
  return (
    <ReadinessRulesEditor
      key={current.data.version}
      partnerCompanyId={partnerCompanyId}
      version={current.data.version}
      rules={current.data.rules}
      queryKey={queryKey}
    />
  );
}

function ReadinessRulesEditor({
  partnerCompanyId,
  version,
  rules,
  queryKey,
}: {
  partnerCompanyId: number;
  version: number;
  rules: readonly ReadinessRuleFieldsFragment[];
  queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const implied = rules.filter((r) => IMPLIED_RULE_CODE.test(r.code)).length;
  const [rows, setRows] = useState<RuleRow[]>(() => rules.filter((r) => !IMPLIED_RULE_CODE.test(r.code)).map(rowOf));
  const [dryRun, setDryRun] = useState<{ of: string; result: ReadinessDryRun } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'dry-run' | 'save' | null>(null);

  const input = rows.map(ruleOf);
  const parsed = ownRulesInputSchema.safeParse(input);
  const problem = parsed.success
    ? null
    : (() => {
        const issue = parsed.error.issues[0];
        const index = typeof issue.path[0] === 'number' ? issue.path[0] : null;
        const code = index !== null ? rows[index]?.code : '';
        return code && !issue.message.startsWith(code) ? `${code}: ${issue.message}` : issue.message;
      })();
  const inputKey = JSON.stringify(input);
  const checked = dryRun?.of === inputKey;
  const update = (key: number, change: Partial<RuleRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setRefusal(null);
  };

  // A dry run goes in steps of about a second (a big partner has many submissions): the counts so far, with how many
  // there are, show while it goes on; a change of the rules or leaving the page stops it.
  const [progress, setProgress] = useState<{ judged: number; total: number } | null>(null);
  const runId = useRef(0);
  useEffect(
    () => () => {
      runId.current += 1;
      setProgress(null);
      setBusy((b) => (b === 'dry-run' ? null : b));
    },
    [inputKey],
  );
  const runDry = async () => {
    const id = ++runId.current;
    const of = inputKey;
    setBusy('dry-run');
    setProgress(null);
    try {
      let result: ReadinessDryRun = emptyDryRun();
      let after: string | null = null;
      do {
        const step: DryRunStep['dryRunReadinessRules'] = (
          await gql(
            DryRunReadinessRulesQuery,
            { partnerCompanyId, rules: input as ReadinessRuleInput[], after },
            { notify: false },
          )
        ).dryRunReadinessRules;
        if (runId.current !== id) return;
        result = mergeDryRuns(result, step);
        after = step.next ?? null;
        setProgress({ judged: result.judged, total: step.total });
      } while (after);
      setDryRun({ of, result });
      setRefusal(null);
    } catch (err) {
      if (runId.current === id) setRefusal(err instanceof Error ? err.message : String(err));
    } finally {
      if (runId.current === id) {
        setBusy(null);
        setProgress(null);
      }
    }
  };
  const save = async () => {
    setBusy('save');
    try {
      const saved = (
        await gql(
          SaveReadinessRulesMutation,
          { partnerCompanyId, rules: input as ReadinessRuleInput[] },
          { notify: false },
        )
      ).saveReadinessRules;
      toast.success(READINESS_EDITOR_MSG.saved(saved.version));
      queryClient.setQueryData(queryKey, saved);
    } catch (err) {
      setRefusal(READINESS_EDITOR_MSG.refused(err instanceof Error ? err.message : String(err)));
    } finally {
      setBusy(null);
    }
  };

  const headingId = 'section-readiness-rules';
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb={4}>
        {READINESS_EDITOR_MSG.title}
      </Title>
      <Text size="sm">{READINESS_EDITOR_MSG.hint}</Text>
      <Text size="sm" c="dimmed" mb="xs">
        {READINESS_EDITOR_MSG.version(version)}. {READINESS_EDITOR_MSG.implied(implied)}
      </Text>
      <Stack gap="sm">
        {rows.length === 0 && <Text size="sm">{READINESS_EDITOR_MSG.none}</Text>}
        {rows.map((row, i) => (
          <Paper
            key={row.key}
            withBorder
            p="sm"
            component="fieldset"
            aria-label={`Rule ${i + 1}${row.code ? ` ${row.code}` : ''}`}
          >
            <Group align="end" gap="sm" wrap="wrap">
              <TextInput
                label="Code"
                description="e.g. R-IMG-MIN-2"
                value={row.code}
                onChange={(e) => update(row.key, { code: e.currentTarget.value.toUpperCase() })}
                w={170}
              />
              <Select
                label="Kind"
                data={Object.entries(RULE_KIND_LABELS).map(([value, label]) => ({ value, label }))}
                value={row.kind}
                onChange={(kind) => kind && update(row.key, { kind: kind as RuleKind })}
                allowDeselect={false}
                w={330}
              />
              {row.kind === 'field-present' && (
                <Select
                  label="Field"
                  data={[...RULE_FIELDS]}
                  value={row.field || null}
                  onChange={(field) => update(row.key, { field: field ?? '' })}
                  searchable
                  w={200}
                />
              )}
              {row.kind === 'min-images' && (
                <NumberInput
                  label="Images"
                  value={row.min}
                  onChange={(v) => update(row.key, { min: numberOrEmpty(v) })}
                  allowDecimal={false}
                  allowNegative={false}
                  w={100}
                />
              )}
              {row.kind === 'photo-check' && (
                <Select
                  label="Photo check"
                  data={PHOTO_ISSUE_CODES.map((c) => ({ value: c, label: PHOTO_ISSUE_LABELS[c] }))}
                  value={row.check || null}
                  onChange={(check) => update(row.key, { check: check ?? '' })}
                  w={220}
                />
              )}
              {row.kind === 'photo-check' && row.check === 'LOW_RESOLUTION' && (
                <NumberInput
                  label="Least pixels on the longest side"
                  value={row.minLongSidePx}
                  onChange={(v) => update(row.key, { minLongSidePx: numberOrEmpty(v) })}
                  allowDecimal={false}
                  allowNegative={false}
                  w={240}
                />
              )}
              {row.kind === 'upc-prefix' && (
                <TextInput
                  label="Prefixes"
                  description="EAN-13 digits, separated by commas"
                  value={row.prefixes}
                  onChange={(e) => update(row.key, { prefixes: e.currentTarget.value })}
                  w={220}
                />
              )}
              <Select
                label="Severity"
                data={RULE_SEVERITIES.map((s) => ({ value: s, label: READINESS_MSG.severityLabel[s] }))}
                value={row.severity}
                onChange={(severity) => severity && update(row.key, { severity })}
                allowDeselect={false}
                w={150}
              />
              <NumberInput
                label="Weight"
                value={row.weight}
                onChange={(v) => update(row.key, { weight: numberOrEmpty(v) })}
                allowDecimal={false}
                allowNegative={false}
                w={90}
              />
            </Group>
            <Group align="end" gap="sm" mt="xs" wrap="wrap">
              <TextInput
                label="Message"
                value={row.message}
                onChange={(e) => update(row.key, { message: e.currentTarget.value })}
                w={360}
                maw="100%"
              />
              <TextInput
                label="How to fix"
                value={row.fix}
                onChange={(e) => update(row.key, { fix: e.currentTarget.value })}
                w={420}
                maw="100%"
              />
              <Button
                variant="subtle"
                color="red"
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                aria-label={READINESS_EDITOR_MSG.remove(row.code)}
              >
                Remove
              </Button>
            </Group>
          </Paper>
        ))}
        <Group>
          <Button variant="outline" onClick={() => setRows((all) => [...all, newRow()])}>
            {READINESS_EDITOR_MSG.add}
          </Button>
        </Group>
        {(refusal ?? problem) && (
          <Alert color="red" role="alert" title="Error: ">
            {refusal ?? problem}
          </Alert>
        )}
        {checked && dryRun && (
          <Alert color="blue" role="status" aria-label="What saving would change">
            <Text size="sm">{READINESS_DRY_RUN_MSG.summary(dryRun.result)}</Text>
            {dryRun.result.rules.map((r) => (
              <Text size="sm" key={r.code}>
                {READINESS_DRY_RUN_MSG.rule(r)}
              </Text>
            ))}
          </Alert>
        )}
        {progress && (
          <Stack gap={4} role="status" aria-label="Checking what saving would change">
            <Text size="sm">{READINESS_DRY_RUN_MSG.progress(progress.judged, progress.total)}</Text>
            <Progress
              value={progress.total ? (100 * progress.judged) / progress.total : 0}
              maw={420}
              aria-label={READINESS_DRY_RUN_MSG.progress(progress.judged, progress.total)}
            />
          </Stack>
        )}
        {!checked && !problem && <Text size="sm">{READINESS_EDITOR_MSG.dryRunFirst}</Text>}
        <Group>
          <Button variant="outline" onClick={runDry} disabled={!!problem || busy !== null} loading={busy === 'dry-run'}>
            {READINESS_EDITOR_MSG.dryRun}
          </Button>
          <Button onClick={save} disabled={!!problem || !checked || busy !== null}>
            {busy === 'save' ? READINESS_EDITOR_MSG.saving : READINESS_EDITOR_MSG.save}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
