import { Button, Menu } from '@mantine/core';
import type { ReviewAssignBody } from '@portal/domain';
import { useReviewers } from './review-api.ts';

/**
 * "Assign selected": to me, round-robin over every reviewer (fewest open assignments first: a partner's backlog
 * filtered and selected is shared out evenly), to a named reviewer, or to no one.
 */
export function AssignMenu({
  count,
  busy,
  onAssign,
}: {
  count: number;
  busy: boolean;
  onAssign: (to: ReviewAssignBody['to']) => void;
}) {
  const reviewers = useReviewers();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={!count || busy}>
          Assign selected
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAssign('me')}>To me</Menu.Item>
        <Menu.Item onClick={() => onAssign('round_robin')}>Round-robin over every reviewer</Menu.Item>
        <Menu.Divider />
        <Menu.Label>To a reviewer</Menu.Label>
        {(reviewers.data ?? []).map((r) => (
          <Menu.Item key={r.id} onClick={() => onAssign({ userId: r.id })}>
            {r.name} ({r.open} open)
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => onAssign('none')}>To no one</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
