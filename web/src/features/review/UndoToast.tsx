import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, CloseButton, Group, Kbd, Paper, Text } from '@mantine/core';
import { isApiError } from '../../api/api-error.ts';
import { pendingComments } from './pending-comments.ts';
import { decided, UNDO_REFUSALS, undoDecisions } from './review-api.ts';
import { reviewKeyAction } from './review-keys.ts';
import { undoStore, useUndoState } from './undo-store.ts';

/** Said once a decision is undone. */
export const undoneText = (undone: number, asked: number, refusal: string | null) =>
  undone === asked
    ? `Undone: ${undone === 1 ? 'the item waits' : `the ${undone} items wait`} for review again. The supplier was not told.`
    : `Undone for ${undone} of ${asked} items. ${refusal ?? ''}`.trim();

/**
 * The review workspace's Undo: after a decision, for as long as the server holds its e-mail and events (10 s), a
 * toast offers to take it back, with a button and the key Z (anywhere in the workspace but in a field or a dialog).
 * An undone rejection's comments go back to the item's composer. onUndone: the items undone (the item page opens a
 * single one again).
 */
export function UndoToast({ onUndone }: { onUndone?: (ids: string[]) => void }) {
  const state = useUndoState();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now);
  const offered = state?.offered ?? null;

  const undo = async () => {
    const taken = undoStore.take();
    if (!taken || busy) return;
    setBusy(true);
    try {
      const { results } = await undoDecisions(taken.decisions);
      const ids = results.filter((r) => r.outcome === 'undone').map((r) => r.id);
      for (const id of ids) if (taken.comments[id]?.length) pendingComments.write(id, taken.comments[id]);
      decided(
        queryClient,
        taken.decisions.map((d) => d.id),
      );
      const refusal = results.find((r) => r.outcome !== 'undone')?.message ?? null;
      undoStore.undone(undoneText(ids.length, results.length, refusal));
      onUndone?.(ids);
    } catch (error) {
      // A refusal changed nothing and says why (too late: the supplier has been told); apiFetch reported any other.
      const refusal = isApiError(error) && error.status in UNDO_REFUSALS ? error.message : null;
      if (refusal) undoStore.undone(refusal);
      else undoStore.clear();
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!offered) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const onKey = (e: KeyboardEvent) => {
      const dialogOpen = !!document.querySelector('[role="dialog"]');
      const state = { dialogOpen, decidable: false, busy: false, commentsPending: false, undoOffered: true };
      if (reviewKeyAction(e, state) !== 'undo') return;
      e.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearInterval(tick);
      window.removeEventListener('keydown', onKey);
    };
  });

  if (!state) return null;
  return (
    <Paper
      role="status"
      aria-label="Last decision"
      withBorder
      shadow="md"
      p="xs"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 300 }}
    >
      {offered ? (
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">{offered.label}</Text>
          <Button size="xs" variant="light" onClick={() => void undo()} loading={busy} aria-keyshortcuts="Z">
            Undo <Kbd ml={6}>Z</Kbd>
          </Button>
          <Text size="xs" c="dimmed" aria-hidden>
            {Math.max(0, Math.ceil((offered.until - now) / 1000))} s
          </Text>
        </Group>
      ) : (
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">{state.undone}</Text>
          <CloseButton size="sm" aria-label="Close the message" onClick={() => undoStore.clear()} />
        </Group>
      )}
    </Paper>
  );
}
