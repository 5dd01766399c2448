import type { Ref } from 'react';
import { Badge, Button, Group, Kbd, Stack, Switch, Text } from '@mantine/core';
import {
  DUPLICATE_BADGE_HELP,
  statusDisplayName,
  type ImageRegion,
  type ReviewCommentInput,
  type ReviewCommentField,
  type ReviewCommentTarget,
  type ReviewItemContext,
} from '@portal/domain';
import { ExplainedBadge } from '../../ui/ExplainedBadge.tsx';
import { PhotoIssueBadges } from '../submissions/PhotoIssueBadges.tsx';
import { SubmissionHistory } from '../submissions/SubmissionHistory.tsx';
import { ProductFactsPanel } from '../submissions/ProductFactsPanel.tsx';
import type { Submission } from '../submissions/submission-api.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { InternalNotes } from './InternalNotes.tsx';
import { ProposalContext } from './ProposalContext.tsx';
import { SecondApprovalPanel } from './SecondApprovalPanel.tsx';
import { Facts, SameUpc, UpcComparison } from './ReviewItemFacts.tsx';

/** The comment composer's state, held by the page (the image marks the region, keys start comments). */
export interface ComposerState {
  ref: Ref<HTMLTextAreaElement>;
  /** The item's partner: its stock reasons' codes are the comments' reason codes. */
  partnerCompanyId: number | null;
  fileName: string | null;
  target: ReviewCommentTarget;
  onTarget: (target: ReviewCommentTarget) => void;
  region: ImageRegion | null;
  comments: ReviewCommentInput[];
  onAdd: (comment: ReviewCommentInput) => void;
  onRemove: (index: number) => void;
}

/** A comment on a field: the composer's "About" set to it, the comment box focused for the text. */
function commentOn(composer: ComposerState, field: ReviewCommentField) {
  composer.onTarget(field);
  if (composer.ref && typeof composer.ref === 'object') composer.ref.current?.focus();
}

/**
 * The review view's side column: the item's status and facts, the decision buttons (A, R), the auto-advance switch,
 * the comments for the supplier, the proposal beside the rejected version and the catalogue (ProposalContext), the
 * same UPC elsewhere and the history.
 */
export function ReviewItemSide({
  submission: s,
  context: c,
  busy,
  onAccept,
  onReject,
  advance,
  onAdvance,
  composer,
  queueSearch,
}: {
  submission: Submission;
  context: ReviewItemContext;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
  advance: boolean;
  onAdvance: (on: boolean) => void;
  composer: ComposerState;
  queueSearch: string;
}) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light">{statusDisplayName(s.itemStatus)}</Badge>
        {c.duplicate && (
          <ExplainedBadge color="red" variant="light" c="#8a1c1c" help={DUPLICATE_BADGE_HELP.upc}>
            Duplicate UPC
          </ExplainedBadge>
        )}
      </Group>
      <UpcComparison submission={s} />
      <Facts submission={s} partnerName={c.partnerName} />
      <PhotoIssueBadges files={s.files} />
      <ProductFactsPanel
        facts={s.facts}
        sources={s.factSources}
        onComment={c.decidable && !c.pendingDecision ? (field) => commentOn(composer, field) : undefined}
      />
      {c.pendingDecision ? (
        <SecondApprovalPanel submissionId={s.id} pending={c.pendingDecision} />
      ) : c.decidable ? (
        <Group gap="xs">
          <Button onClick={onAccept} loading={busy} aria-keyshortcuts="A">
            Accept <Kbd ml={6}>A</Kbd>
          </Button>
          <Button color="red" variant="light" onClick={onReject} disabled={busy} aria-keyshortcuts="R">
            Reject <Kbd ml={6}>R</Kbd>
          </Button>
        </Group>
      ) : (
        <Text size="sm">This item has been decided: {statusDisplayName(s.itemStatus)}.</Text>
      )}
      <Switch
        size="xs"
        label="Open the next item after a decision"
        checked={advance}
        onChange={(e) => onAdvance(e.currentTarget.checked)}
      />
      {c.decidable && !c.pendingDecision && <CommentComposer {...composer} disabled={busy} />}
      <ProposalContext
        submissionId={s.id}
        onComment={c.decidable && !c.pendingDecision ? (field) => commentOn(composer, field) : undefined}
      />
      <InternalNotes submissionId={s.id} />
      <SameUpc items={c.sameUpc} search={queueSearch} />
      <SubmissionHistory history={s.history} />
    </Stack>
  );
}
