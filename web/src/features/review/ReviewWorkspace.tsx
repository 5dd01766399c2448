import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Grid, Group, Kbd, Loader, Stack, Title } from '@mantine/core';
import {
  displayUpc,
  isCommentFact,
  parseReviewQueueSearch,
  reviewQueueSearch,
  WORKSPACE_MSG,
  type ImageRegion,
  type ReviewCommentTarget,
} from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSubmission } from '../submissions/submission-api.ts';
import { AcceptWithCommentsDialog } from './AcceptWithCommentsDialog.tsx';
import { KEYBOARD_REGION, type ImageViewerHandle } from './ImageViewer.tsx';
import { useItemComments } from './pending-comments.ts';
import { RejectDialog } from './RejectDialog.tsx';
import { ReviewFiles } from './ReviewFiles.tsx';
import { ReviewItemSide } from './ReviewItemSide.tsx';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { UndoToast } from './UndoToast.tsx';
import { autoAdvance, fetchItemContext, filtersOnly, prefetchItem, reviewKeys } from './review-api.ts';
import { stepFile, type ReviewKeyAction } from './review-keys.ts';
import { useReviewClaim } from './use-review-claim.ts';
import { useReviewDecision, type ReviewNotice } from './use-review-decision.ts';
import { useReviewKeys } from './use-review-keys.ts';

/** Where the workspace is shown: its own page (/review/:id), or the pane beside the queue's list (split view). */
export type WorkspaceLayout = 'page' | 'pane';

export interface ReviewWorkspaceProps {
  /** The item on show. */
  id: string;
  /** The queue's address search (its filters): J, K and the next item after a decision walk that queue. */
  search: string;
  layout: WorkspaceLayout;
  /**
   * Show another item: J or K ('step'), the next one after a decision ('decided', with what to announce there) or an
   * item whose decision was undone ('undone').
   */
  onOpen: (id: string, why: 'step' | 'decided' | 'undone') => void;
  /** A dialog of the page around the pane is open: the workspace's keys are off. */
  blocked?: boolean;
  /** The workspace's own dialogs opened or closed (the queue's keys stay off while one is open). */
  onDialog?: (open: boolean) => void;
}

/**
 * One item to decide, keyboard first, on its own page or in the queue's split-view pane. A accepts (asking first when
 * comments wait for a rejection), R rejects (reason picker), Z undoes the last decision while its Undo shows, J and K
 * walk the queue the reviewer came from (its filters ride in the address; each item keeps its unsent comments for the
 * session), M marks a region for a comment, ? lists the shortcuts. After a decision the next item opens at once (it was
 * read ahead) unless the reviewer switched that off. The item is claimed while open (others see "Being reviewed by
 * NAME"), renewed while the reviewer is active. In the pane the queue's list takes J, K and ?, the page keeps its h1,
 * its title and the focus (the list's row moves with the item), and the queue's Undo toast serves both.
 */
export function ReviewWorkspace({ id, search, layout, onOpen, blocked = false, onDialog }: ReviewWorkspaceProps) {
  const pane = layout === 'pane';
  const queryClient = useQueryClient();
  const query = parseReviewQueueSearch(search);
  const filters = filtersOnly(query);
  const queueSearch = reviewQueueSearch(query);
  const detail = useSubmission(id);
  const context = useQuery({
    queryKey: reviewKeys.item(id, filters),
    queryFn: () => fetchItemContext(id, filters),
  });
  const s = detail.data;
  const c = context.data;

  const [fileIndex, setFileIndex] = useState(0);
  const [rejecting, setRejecting] = useState(false);
  const [confirmingAccept, setConfirmingAccept] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [advance, setAdvance] = useState(autoAdvance.get);
  /** The outcome of a decision on this item, or a message for the reviewer; cleared when another item opens. */
  const [notice, setNotice] = useState<ReviewNotice | null>(null);
  /** Said once to screen readers on the item that opens after a decision. */
  const [announcement, setAnnouncement] = useState('');
  /** Comments for the supplier, sent with a rejection (kept per item for the session); the next one's subject and region. */
  const [comments, setComments] = useItemComments(id);
  const [commentTarget, setCommentTarget] = useState<ReviewCommentTarget>('upc');
  const [region, setRegion] = useState<ImageRegion | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const viewer = useRef<ImageViewerHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingAnnouncement = useRef('');
  /** M asked for the image: focus it once it is marking (focusable). */
  const [focusImage, setFocusImage] = useState(0);

  // Another item opened: a fresh view, the previous notice gone, focus on its heading, the next one read ahead.
  useEffect(() => {
    setFileIndex(0);
    setNotice(null);
    setCommentTarget('upc');
    setRegion(null);
    setAnnouncement(pendingAnnouncement.current);
    pendingAnnouncement.current = '';
  }, [id]);
  const ready = !!s && !!c;
  // On its page the item's heading takes the focus; in the pane the focus stays where the reviewer is (the list's row).
  useEffect(() => {
    if (ready && !pane) headingRef.current?.focus();
  }, [ready, id, pane]);
  useEffect(() => {
    if (c?.neighbours.next) prefetchItem(queryClient, c.neighbours.next, filters);
    if (c?.neighbours.previous) prefetchItem(queryClient, c.neighbours.previous, filters);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filters follow the address, read with it
  }, [c?.neighbours.next, c?.neighbours.previous, queryClient, queueSearch]);

  useEffect(() => {
    if (focusImage) viewer.current?.focus();
  }, [focusImage]);

  useReviewClaim(id);

  const { busy, decide } = useReviewDecision({
    id,
    upc: s?.upc ?? null,
    next: c?.neighbours.next,
    advance,
    comments,
    onNotice: setNotice,
    onDecided: () => setComments([]),
    onAdvance: (said, next) => {
      pendingAnnouncement.current = said;
      setRejecting(false);
      onOpen(next, 'decided');
    },
    onSettled: () => {
      setRejecting(false);
      setConfirmingAccept(false);
    },
  });
  const accept = () => (comments.length ? setConfirmingAccept(true) : void decide('accept'));

  const files = s?.files ?? [];
  const step = (to: 'next' | 'previous') => {
    const target = to === 'next' ? c?.neighbours.next : c?.neighbours.previous;
    if (target) onOpen(target, 'step');
    else setNotice({ text: to === 'next' ? 'No more items in this queue.' : 'This is the first item.', tone: 'warn' });
  };

  const actions: Record<ReviewKeyAction, () => void> = {
    showShortcuts: () => setShortcutsOpen(true),
    comment: () => commentRef.current?.focus(),
    nextItem: () => step('next'),
    previousItem: () => step('previous'),
    zoomIn: () => viewer.current?.zoomIn(),
    zoomOut: () => viewer.current?.zoomOut(),
    fit: () => viewer.current?.fit(),
    rotate: () => viewer.current?.rotate(),
    nextFile: () => setFileIndex((i) => stepFile(i, 'nextFile', files.length)),
    previousFile: () => setFileIndex((i) => stepFile(i, 'previousFile', files.length)),
    markRegion: () => {
      if (!files.length) return;
      setCommentTarget('region');
      setRegion((r) => r ?? KEYBOARD_REGION);
      setFocusImage((n) => n + 1);
    },
    accept: () => void decide('accept'),
    confirmAccept: () => setConfirmingAccept(true),
    reject: () => setRejecting(true),
    // The Undo toast takes Z itself, on this page and the queue alike.
    undo: () => {},
  };
  const dialogOpen = rejecting || shortcutsOpen || confirmingAccept;
  useEffect(() => onDialog?.(dialogOpen), [dialogOpen, onDialog]);
  const keyState = {
    dialogOpen: dialogOpen || blocked,
    decidable: !!c?.decidable,
    busy,
    commentsPending: comments.length > 0,
    undoOffered: false,
  };
  useReviewKeys(keyState, (action) => actions[action]());
  // A single decision undone: back to its item (its comments are back in the composer).
  const onUndone = (ids: string[]) => {
    if (ids.length === 1 && ids[0] !== id) onOpen(ids[0], 'undone');
  };

  const backToQueue = `/review${queueSearch ? `?${queueSearch}` : ''}`;
  // The page's own h1; in the pane the queue's h1 is the page's and the item's heading comes under it.
  const headingOrder = pane ? 2 : 1;
  if (detail.isError || context.isError)
    return (
      <Stack>
        <Title order={headingOrder}>Review</Title>
        <Alert color="red">This item could not be loaded. It may have been deleted.</Alert>
        {!pane && <AppLink to={backToQueue}>Back to the review queue</AppLink>}
      </Stack>
    );
  if (!s || !c) return <Loader aria-label="Loading the item" />;
  const file = files[Math.min(fileIndex, files.length - 1)];
  // In the pane the image and the side column are stacked: the pane is about half the screen wide.
  const span = pane ? 12 : undefined;

  return (
    <Stack gap="sm">
      {pane ? (
        <Group justify="flex-end">
          <AppLink to={`/review/${id}${queueSearch ? `?${queueSearch}` : ''}`}>Open the full view</AppLink>
        </Group>
      ) : (
        <ReviewItemNav
          backToQueue={backToQueue}
          previous={!!c.neighbours.previous}
          next={!!c.neighbours.next}
          onStep={step}
          onShortcuts={() => setShortcutsOpen(true)}
        />
      )}
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
      <Title order={headingOrder} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }} size={pane ? 'h3' : 'h2'}>
        Review {displayUpc(s.upc)}
        {s.productName ? `: ${s.productName}` : ''}
      </Title>
      <ItemNotices claim={c.claim} notice={notice} onClose={() => setNotice(null)} />
      <Grid gap="md">
        <Grid.Col span={span ?? { base: 12, md: 7 }}>
          <ReviewFiles
            itemId={id}
            files={files}
            fileIndex={fileIndex}
            onFileIndex={setFileIndex}
            viewer={viewer}
            comments={comments}
            // A fact's comment may mark where its wrong value is printed (the region is optional there).
            marking={
              commentTarget === 'region' || isCommentFact(commentTarget) ? { region, onChange: setRegion } : null
            }
            factSources={s?.factSources ?? []}
          />
        </Grid.Col>
        <Grid.Col span={span ?? { base: 12, md: 5 }}>
          <ReviewItemSide
            submission={s}
            context={c}
            busy={busy}
            onAccept={accept}
            onReject={() => setRejecting(true)}
            advance={advance}
            onAdvance={(on) => {
              setAdvance(on);
              autoAdvance.set(on);
            }}
            queueSearch={queueSearch}
            composer={{
              ref: commentRef,
              partnerCompanyId: c.partnerCompanyId,
              fileName: file?.fileName ?? null,
              target: commentTarget,
              onTarget: (t) => {
                setCommentTarget(t);
                if (t === 'region' && !region) setRegion(KEYBOARD_REGION);
              },
              region,
              comments,
              onAdd: (comment) => {
                setComments((list) => [...list, comment]);
                if (comment.region) setRegion(null);
                // Back to the item: R rejects, A asks, J moves on (the comment box would take them as text).
                headingRef.current?.focus();
              },
              onRemove: (index) => setComments((list) => list.filter((_, i) => i !== index)),
            }}
          />
        </Grid.Col>
      </Grid>
      <RejectDialog
        opened={rejecting}
        count={1}
        commentCount={comments.length}
        partnerCompanyId={c.partnerCompanyId}
        busy={busy}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason, reasonCode) => void decide('reject', reason, reasonCode)}
      />
      <AcceptWithCommentsDialog
        opened={confirmingAccept}
        count={comments.length}
        onReject={() => {
          setConfirmingAccept(false);
          setRejecting(true);
        }}
        onAccept={() => void decide('accept')}
        onCancel={() => setConfirmingAccept(false)}
      />
      <ShortcutsDialog opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      {!pane && <UndoToast onUndone={onUndone} />}
    </Stack>
  );
}

/** Another reviewer holding the item, and the outcome of a decision or a message for the reviewer. */
function ItemNotices({
  claim,
  notice,
  onClose,
}: {
  claim: { mine: boolean; name: string } | null;
  notice: ReviewNotice | null;
  onClose: () => void;
}) {
  return (
    <>
      {claim && !claim.mine && (
        <Alert color="yellow" role="status">
          {WORKSPACE_MSG.beingReviewedBy(claim.name)}
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.tone === 'ok' ? 'green' : 'yellow'}
          role="status"
          withCloseButton
          onClose={onClose}
          closeButtonLabel="Close the notice"
        >
          {notice.text}
        </Alert>
      )}
    </>
  );
}

/** Back to the queue, the previous and next items (K, J) and the shortcuts (?). */
function ReviewItemNav(props: {
  backToQueue: string;
  previous: boolean;
  next: boolean;
  onStep: (to: 'next' | 'previous') => void;
  onShortcuts: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <AppLink to={props.backToQueue}>‹ Back to the review queue</AppLink>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => props.onStep('previous')} disabled={!props.previous}>
          Previous <Kbd ml={6}>K</Kbd>
        </Button>
        <Button size="xs" variant="default" onClick={() => props.onStep('next')} disabled={!props.next}>
          Next <Kbd ml={6}>J</Kbd>
        </Button>
        <Button size="xs" variant="subtle" onClick={props.onShortcuts}>
          Shortcuts <Kbd ml={6}>?</Kbd>
        </Button>
      </Group>
    </Group>
  );
}
