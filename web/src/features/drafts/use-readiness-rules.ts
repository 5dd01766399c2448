import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readinessRuleSchema, type ReadinessRule, type RuleSet } from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import { ReadinessRulesQuery } from './draft-operations.ts';

/** A rule as GraphQL answers it (null for the fields of other kinds), as the rule engine takes it; null if unknown. */
function ruleFromApi(raw: Record<string, unknown>): ReadinessRule | null {
  const present = Object.fromEntries(Object.entries(raw).filter(([key, v]) => v != null && key !== '__typename'));
  const parsed = readinessRuleSchema.safeParse(present);
  return parsed.success ? parsed.data : null;
}

const fetchRules = async (partnerCompanyId: number): Promise<RuleSet> => {
  const set = (await gql(ReadinessRulesQuery, { partnerCompanyId }, { notify: false })).getReadinessRules;
  return { version: set.version, rules: set.rules.flatMap((r) => ruleFromApi(r) ?? []) };
};

/**
 * The partner's readiness rules for the live score on Enter UPC(s) (ruleSet: null without a partner, while they load,
 * or when they cannot be had: the server still judges on Submit), and `latest`, which asks again: Submit judges
 * against the rules as they are now, not as they were when the page opened.
 */
export function useReadinessRules(partnerCompanyId: number | null) {
  const queryClient = useQueryClient();
  const queryKey = ['readiness-rules', partnerCompanyId];
  const query = useQuery({
    queryKey,
    queryFn: () => fetchRules(partnerCompanyId!),
    enabled: partnerCompanyId !== null,
    staleTime: 60_000,
  });
  const latest = async (): Promise<RuleSet | null> => {
    if (partnerCompanyId === null) return null;
    try {
      return await queryClient.fetchQuery({ queryKey, queryFn: () => fetchRules(partnerCompanyId), staleTime: 0 });
    } catch {
      return null; // the server judges on Submit anyway
    }
  };
  return { ruleSet: partnerCompanyId === null ? null : (query.data ?? null), latest };
}
