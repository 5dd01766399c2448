import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emptyDryRun,
  IMPLIED_RULE_CODE,
  mergeDryRuns,
  newBlockingSubmitRules,
  ownRulesInputSchema,
  READINESS_DRY_RUN_MSG,
  READINESS_EDITOR_MSG,
  readinessRuleSchema,
  type ReadinessDryRun,
  type ReadinessRule,
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
import { ReadinessRuleFieldset } from './ReadinessRuleFieldset.tsx';
import { ReadinessDryRunResult, StopSuppliersConfirm } from './ReadinessDryRunResult.tsx';
import { newRow, rowOf, ruleOf, rulesProblem, type RuleRow } from './readiness-rule-rows.ts';

/** A rule as GraphQL answers it has null for the fields of other kinds; the rule schema knows only absent ones. */
const withoutNulls = (r: object): Partial<ReadinessRule> =>
  Object.fromEntries(Object.entries(r).filter(([k, v]) => v != null && k !== '__typename'));

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
  const [confirming, setConfirming] = useState<string[] | null>(null);

  const input = rows.map(ruleOf);
  const problem = rulesProblem(rows, ownRulesInputSchema.safeParse(input));
  const inputKey = JSON.stringify(input);
  const checked = dryRun?.of === inputKey;
  const update = (key: number, change: Partial<RuleRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setRefusal(null);
    setConfirming(null);
  };
  // The blocking rules at submit this version adds or tightens: saving them stops suppliers, so it asks first.
  const stops = () => {
    const parse = (r: object) => readinessRuleSchema.safeParse(withoutNulls(r));
    const own = (list: readonly object[]) => list.flatMap((r) => (parse(r).success ? [parse(r).data!] : []));
    return newBlockingSubmitRules(own(rules.filter((r) => !IMPLIED_RULE_CODE.test(r.code))), own(input));
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
  const askOrSave = () => {
    const codes = stops();
    if (codes.length) setConfirming(codes);
    else void save();
  };
  const save = async () => {
    setConfirming(null);
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
          <ReadinessRuleFieldset
            key={row.key}
            row={row}
            index={i}
            onChange={(change) => update(row.key, change)}
            onRemove={() => setRows((all) => all.filter((r) => r.key !== row.key))}
          />
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
        {checked && dryRun && <ReadinessDryRunResult result={dryRun.result} />}
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
          <Button onClick={askOrSave} disabled={!!problem || !checked || busy !== null || confirming !== null}>
            {busy === 'save' ? READINESS_EDITOR_MSG.saving : READINESS_EDITOR_MSG.save}
          </Button>
        </Group>
        {confirming && checked && dryRun && (
          <StopSuppliersConfirm
            codes={confirming}
            drafts={dryRun.result.draftsBlocked}
            onConfirm={() => void save()}
            onCancel={() => setConfirming(null)}
          />
        )}
      </Stack>
    </section>
  );
}
