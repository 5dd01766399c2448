import { useState } from 'react';
import { Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REVIEW_QUEUE_SHORTCUTS, REVIEW_SHORTCUTS } from '@portal/domain';
import { useSignedInUser } from '../../session/session-context.tsx';
import { ReviewWorkspace, type ReviewWorkspaceProps } from './ReviewWorkspace.tsx';
import classes from './ReviewSplitPane.module.css';

/** From this width the queue shows its list and the selected item side by side (when the reviewer keeps it on). */
export const SPLIT_VIEW_MIN_PX = 1280;

/** The pane's accessible name (a region landmark). */
export const SPLIT_PANE_LABEL = 'Selected item';

const keyOf = (userId: number) => `review.splitView.${userId}`;

/**
 * The reviewer's choice of split view, per user in this browser (on unless switched off): like the auto-advance
 * switch it is one person's habit at one desk, not an account setting.
 */
export const splitViewSetting = {
  get(userId: number): boolean {
    try {
      return localStorage.getItem(keyOf(userId)) !== 'off';
    } catch {
      return true;
    }
  },
  set(userId: number, on: boolean) {
    try {
      localStorage.setItem(keyOf(userId), on ? 'on' : 'off');
    } catch {
      // No storage (private mode): the choice lasts this page only.
    }
  },
};

/**
 * Whether the queue is split: the screen is wide enough (`available`, when the switch shows) and the reviewer has not
 * switched it off. Narrow screens keep the list, each item opening on its own page.
 */
export function useSplitView() {
  const user = useSignedInUser();
  const available = useMediaQuery(`(min-width: ${SPLIT_VIEW_MIN_PX}px)`, undefined, { getInitialValueInEffect: false });
  const [on, setOnState] = useState(() => splitViewSetting.get(user.id));
  const setOn = (next: boolean) => {
    setOnState(next);
    splitViewSetting.set(user.id, next);
  };
  return { available, on, setOn, split: available && on };
}

/** The switch between the split view and the full list (shown where a split fits). */
export function SplitViewToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch
      size="xs"
      label="Split view"
      description="The list and the selected item side by side"
      checked={on}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

/**
 * The keys of the split queue: the list's (J and K move the item in the pane too) and the workspace's decisions
 * (A, R, C, M, the image's) on the item in the pane.
 */
export const SPLIT_VIEW_SHORTCUTS: readonly { key: string; action: string }[] = [
  ...REVIEW_QUEUE_SHORTCUTS.filter((s) => s.key !== 'Z' && s.key !== '?'),
  ...REVIEW_SHORTCUTS.filter((s) => !['J', 'K'].includes(s.key)),
];

/**
 * The queue's right-hand pane in split view: the selected item in the review workspace (ReviewWorkspace, the same
 * parts, keys and decisions as /review/:id) inside a labelled region, or a hint while nothing is selected. It keeps
 * to the screen's height and scrolls on its own, so the list beside it stays where it is.
 */
export function ReviewSplitPane({
  id,
  ...workspace
}: { id: string | null } & Omit<ReviewWorkspaceProps, 'id' | 'layout'>) {
  return (
    <section aria-label={SPLIT_PANE_LABEL} className={classes.pane} data-split-pane>
      {id ? (
        <ReviewWorkspace id={id} layout="pane" {...workspace} />
      ) : (
        <Text c="dimmed" size="sm">
          Choose an item in the list (J, K or a click) to review it here.
        </Text>
      )}
    </section>
  );
}
