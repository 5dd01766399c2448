import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Text } from '@mantine/core';
import { APPROVAL_MSG, type ReviewApprovalBody, type ReviewPendingDecision } from '@portal/domain';
import { formatDateTime } from '../../ui/dates.ts';
import { toast } from '../../ui/toast.ts';
import { answerApproval, decided } from './review-api.ts';

const OUTCOME_SAID = {
  approved: 'Decision approved: the supplier has been told.',
  sent_back: 'Decision sent back: the item waits for a decision again.',
} as const;

/**
 * A decision on the item waiting for a second reviewer (the partner's second approval): what was decided, by whom
 * and why, and the second reviewer's Approve or Send back. The reviewer who decided cannot approve it (the server
 * refuses too); they may withdraw it.
 */
export function SecondApprovalPanel({
  submissionId,
  pending,
}: {
  submissionId: string;
  pending: ReviewPendingDecision;
}) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (action: ReviewApprovalBody['action']) => answerApproval(submissionId, action),
    onSuccess: (result) => {
      toast.success(OUTCOME_SAID[result.outcome]);
      decided(queryClient, [submissionId]);
    },
  });
  const what = pending.decision === 'accept' ? 'Accepted' : 'Rejected';
  return (
    <Alert color="grape" title={APPROVAL_MSG.waitingLabel} role="region" aria-label={APPROVAL_MSG.waitingLabel}>
      <Text size="sm">
        {what} by {pending.mine ? 'you' : pending.proposedBy.name} on {formatDateTime(pending.proposedAt)}
        {pending.reasonCode ? ` (${pending.reasonCode})` : ''}.
      </Text>
      {pending.reason && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          Reason: {pending.reason}
        </Text>
      )}
      {pending.commentCount > 0 && (
        <Text size="sm">
          {pending.commentCount === 1 ? 'One comment goes with it.' : `${pending.commentCount} comments go with it.`}
        </Text>
      )}
      {pending.mine && (
        <Text size="sm" mt={4}>
          {APPROVAL_MSG.ownDecision}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        {!pending.mine && (
          <Button
            size="xs"
            onClick={() => answer.mutate('approve')}
            loading={answer.isPending && answer.variables === 'approve'}
            disabled={answer.isPending}
          >
            Approve {pending.decision === 'accept' ? 'acceptance' : 'rejection'}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          onClick={() => answer.mutate('send_back')}
          loading={answer.isPending && answer.variables === 'send_back'}
          disabled={answer.isPending}
        >
          {pending.mine ? 'Withdraw my decision' : 'Send back'}
        </Button>
      </Group>
    </Alert>
  );
}
