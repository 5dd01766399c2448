import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Kbd,
  Loader,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  displayUpc,
  parseReviewQueueSearch,
  REVIEW_CLAIM_HEARTBEAT_SECONDS,
  REVIEW_SHORTCUTS,
  reviewQueueSearch,
  sameUpc,
  statusDisplayName,
  titleCase,
  WORKSPACE_MSG,
  type ImageRegion,
  type ItemStatus,
  type ReviewCommentInput,
  type ReviewCommentTarget,
} from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { PhotoIssueBadges } from '../submissions/PhotoIssueBadges.tsx';
import { SubmissionHistory } from '../submissions/SubmissionHistory.tsx';
import { useSubmission, type Submission } from '../submissions/submission-api.ts';
import type { ImageMark } from '../submissions/ImageMarks.tsx';
import { fileMarks } from '../submissions/ReviewComments.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { ImageViewer, KEYBOARD_REGION, type ImageViewerHandle } from './ImageViewer.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import {
  autoAdvance,
  claimItem,
  decide,
  decided,
  fetchItemContext,
  filtersOnly,
  prefetchItem,
  releaseItem,
  reviewKeys,
} from './review-api.ts';

/** Typing in a field, a list or a menu: the workspace's letters are theirs. */
const typingIn = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return (
    el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    // The workspace's own dialogs are shut off by their state: a dialog still closing keeps focus for a moment.
    !!el.closest('[role="listbox"], [role="combobox"], [role="menu"]')
  );
};

/**
 * /review/:id (staff with review rights): one item to decide, keyboard first. A accepts, R rejects (reason picker),
 * J and K walk the queue the reviewer came from (its filters ride in the address), ? lists the shortcuts. After a
 * decision the next item opens at once (it was read ahead) unless the reviewer switched that off. The item is
 * claimed while open (others see "Being reviewed by NAME"), renewed while the reviewer is active.
 */
export function ReviewItemPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
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
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [advance, setAdvance] = useState(autoAdvance.get);
  /** The outcome of a decision on this item, or a message for the reviewer; cleared when another item opens. */
  const [notice, setNotice] = useState<{ text: string; tone: 'ok' | 'warn' } | null>(null);
  /** Said once to screen readers on the item that opens after a decision. */
  const [announcement, setAnnouncement] = useState('');
  /** Comments for the supplier, sent with a rejection; what the next one is about, and its region while marked. */
  const [comments, setComments] = useState<ReviewCommentInput[]>([]);
  const [commentTarget, setCommentTarget] = useState<ReviewCommentTarget>('upc');
  const [region, setRegion] = useState<ImageRegion | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const viewer = useRef<ImageViewerHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingAnnouncement = useRef('');

  usePageTitle(s ? `Review ${displayUpc(s.upc)}` : 'Review');

  const open = useCallback(
    (target: string) => void navigate(partnerPath(`/review/${target}${queueSearch ? `?${queueSearch}` : ''}`)),
    [navigate, partnerPath, queueSearch],
  );

  // Another item opened: a fresh view, the previous notice gone, focus on its heading, the next one read ahead.
  useEffect(() => {
    setFileIndex(0);
    setNotice(null);
    setComments([]);
    setCommentTarget('upc');
    setRegion(null);
    setAnnouncement(pendingAnnouncement.current);
    pendingAnnouncement.current = '';
  }, [id]);
  const ready = !!s && !!c;
  useEffect(() => {
    if (ready) headingRef.current?.focus();
  }, [ready, id]);
  useEffect(() => {
    if (c?.neighbours.next) prefetchItem(queryClient, c.neighbours.next, filters);
    if (c?.neighbours.previous) prefetchItem(queryClient, c.neighbours.previous, filters);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filters follow the address, read with it
  }, [c?.neighbours.next, c?.neighbours.previous, queryClient, queueSearch]);

  // The soft claim: taken on opening, renewed while the reviewer is active, let go on leaving.
  useEffect(() => {
    let active = false;
    const mark = () => (active = true);
    void claimItem(id).catch(() => {});
    const beat = window.setInterval(() => {
      if (!active || document.visibilityState !== 'visible') return;
      active = false;
      void claimItem(id).catch(() => {});
    }, REVIEW_CLAIM_HEARTBEAT_SECONDS * 1000);
    const events = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;
    events.forEach((e) => window.addEventListener(e, mark, { passive: true }));
    return () => {
      window.clearInterval(beat);
      events.forEach((e) => window.removeEventListener(e, mark));
      void releaseItem(id).catch(() => {});
    };
  }, [id]);

  const decisionMade = useCallback(
    async (decision: 'accept' | 'reject', reason?: string) => {
      if (!s || busy) return;
      setBusy(true);
      try {
        const { results } = await decide([id], decision, reason, decision === 'reject' ? comments : undefined);
        const [r] = results;
        decided(queryClient, [id]);
        if (r.outcome === 'failed') {
          setNotice({ text: r.message ?? WORKSPACE_MSG.itemError, tone: 'warn' });
          return;
        }
        if (r.outcome !== 'accepted' && r.outcome !== 'rejected') {
          setNotice({
            text: `${r.decidedByYou ? 'Already decided' : WORKSPACE_MSG.alreadyDecided}${
              r.itemStatus ? `: ${statusDisplayName(r.itemStatus)}` : ''
            }${r.decidedBy ? ` by ${r.decidedBy}` : ''}.`,
            tone: 'warn',
          });
          return;
        }
        const said = `${decision === 'accept' ? 'Accepted' : 'Rejected'} ${displayUpc(s.upc)}.`;
        const next = c?.neighbours.next;
        if (advance && next) {
          pendingAnnouncement.current = said;
          setRejecting(false);
          open(next);
        } else {
          setNotice({ text: next ? said : `${said} No more items in this queue.`, tone: 'ok' });
        }
      } catch {
        // apiFetch has said what went wrong.
      } finally {
        setBusy(false);
        setRejecting(false);
      }
    },
    [s, busy, id, queryClient, c?.neighbours.next, advance, open, comments],
  );

  const files = s?.files ?? [];
  const step = (to: 'next' | 'previous') => {
    const target = to === 'next' ? c?.neighbours.next : c?.neighbours.previous;
    if (target) open(target);
    else setNotice({ text: to === 'next' ? 'No more items in this queue.' : 'This is the first item.', tone: 'warn' });
  };

  // The shortcuts: never while typing in a field or with a dialog open, never with a modifier key.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (rejecting || shortcutsOpen || typingIn(e.target)) return;
      const key = e.key;
      const act = (fn: () => void) => {
        e.preventDefault();
        fn();
      };
      if (key === '?') return act(() => setShortcutsOpen(true));
      if (key === 'c' || key === 'C') return act(() => commentRef.current?.focus());
      if (key === 'j' || key === 'J') return act(() => step('next'));
      if (key === 'k' || key === 'K') return act(() => step('previous'));
      if (key === '+' || key === '=') return act(() => viewer.current?.zoomIn());
      if (key === '-') return act(() => viewer.current?.zoomOut());
      if (key === '0') return act(() => viewer.current?.fit());
      if (key === 't' || key === 'T') return act(() => viewer.current?.rotate());
      if (key === ']') return act(() => setFileIndex((i) => Math.min(i + 1, Math.max(files.length - 1, 0))));
      if (key === '[') return act(() => setFileIndex((i) => Math.max(i - 1, 0)));
      if (!c?.decidable || busy) return;
      if (key === 'a' || key === 'A') return act(() => void decisionMade('accept'));
      if (key === 'r' || key === 'R') return act(() => setRejecting(true));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const backToQueue = `/review${queueSearch ? `?${queueSearch}` : ''}`;
  if (detail.isError || context.isError)
    return (
      <Stack>
        <Title order={1}>Review</Title>
        <Alert color="red">This item could not be loaded. It may have been deleted.</Alert>
        <AppLink to={backToQueue}>Back to the review queue</AppLink>
      </Stack>
    );
  if (!s || !c) return <Loader aria-label="Loading the item" />;
  const file = files[Math.min(fileIndex, files.length - 1)];
  const marks: ImageMark[] = file
    ? [
        ...(file.barcodeRegion ? [{ region: file.barcodeRegion, kind: 'barcode' as const }] : []),
        ...fileMarks(comments, file.fileName),
      ]
    : [];

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <AppLink to={backToQueue}>‹ Back to the review queue</AppLink>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => step('previous')} disabled={!c.neighbours.previous}>
            Previous <Kbd ml={6}>K</Kbd>
          </Button>
          <Button size="xs" variant="default" onClick={() => step('next')} disabled={!c.neighbours.next}>
            Next <Kbd ml={6}>J</Kbd>
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setShortcutsOpen(true)}>
            Shortcuts <Kbd ml={6}>?</Kbd>
          </Button>
        </Group>
      </Group>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
      <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }} size="h2">
        Review {displayUpc(s.upc)}
        {s.productName ? `: ${s.productName}` : ''}
      </Title>
      {c.claim && !c.claim.mine && (
        <Alert color="yellow" role="status">
          {WORKSPACE_MSG.beingReviewedBy(c.claim.name)}
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.tone === 'ok' ? 'green' : 'yellow'}
          role="status"
          withCloseButton
          onClose={() => setNotice(null)}
          closeButtonLabel="Close the notice"
        >
          {notice.text}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {file ? (
            <ImageViewer
              key={`${id}/${file.fileName}`}
              ref={viewer}
              src={file.imageUrl}
              alt={`${file.fileName}, file ${fileIndex + 1} of ${files.length}`}
              marks={marks}
              marking={commentTarget === 'region' ? { region, onChange: setRegion } : null}
            />
          ) : (
            <Text c="dimmed">No files.</Text>
          )}
          <Group gap="xs" mt="xs" component="ul" aria-label="Files" style={{ listStyle: 'none', padding: 0 }}>
            {files.map((f, i) => (
              <li key={f.fileName}>
                <UnstyledButton
                  onClick={() => setFileIndex(i)}
                  aria-label={`Show ${f.fileName}`}
                  aria-current={i === fileIndex ? 'true' : undefined}
                  style={{
                    border: `2px solid ${i === fileIndex ? 'var(--mantine-color-brand-6, #1f5f8b)' : 'transparent'}`,
                    borderRadius: 4,
                  }}
                >
                  <img
                    src={f.thumbnailUrl}
                    alt=""
                    width={72}
                    height={72}
                    style={{ objectFit: 'cover', display: 'block' }}
                  />
                </UnstyledButton>
              </li>
            ))}
          </Group>
          {file && (
            <Text size="xs" c="dimmed">
              {file.fileName}
              {file.detectedUpcs.length
                ? ` — code read: ${file.detectedUpcs.map(displayUpc).join(', ')}`
                : ' — no code read'}
              {file.barcodeRegion ? ' (outlined in green dashes on the image)' : ''}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Group gap="xs">
              <Badge variant="light">{statusDisplayName(s.itemStatus)}</Badge>
              {c.duplicate && (
                <Badge color="red" variant="light" c="#8a1c1c">
                  Duplicate UPC
                </Badge>
              )}
            </Group>
            <UpcComparison submission={s} />
            <Facts submission={s} partnerName={c.partnerName} />
            <PhotoIssueBadges files={files} />
            {c.decidable ? (
              <Group gap="xs">
                <Button onClick={() => void decisionMade('accept')} loading={busy} aria-keyshortcuts="A">
                  Accept <Kbd ml={6}>A</Kbd>
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setRejecting(true)}
                  disabled={busy}
                  aria-keyshortcuts="R"
                >
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
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setAdvance(on);
                autoAdvance.set(on);
              }}
            />
            {c.decidable && (
              <CommentComposer
                ref={commentRef}
                fileName={file?.fileName ?? null}
                target={commentTarget}
                onTarget={(t) => {
                  setCommentTarget(t);
                  if (t === 'region' && !region) setRegion(KEYBOARD_REGION);
                }}
                region={region}
                comments={comments}
                onAdd={(comment) => {
                  setComments((list) => [...list, comment]);
                  if (comment.target === 'region') setRegion(null);
                }}
                onRemove={(index) => setComments((list) => list.filter((_, i) => i !== index))}
                disabled={busy}
              />
            )}
            <SameUpc items={c.sameUpc} search={queueSearch} />
            <SubmissionHistory history={s.history} />
          </Stack>
        </Grid.Col>
      </Grid>
      <RejectDialog
        opened={rejecting}
        count={1}
        commentCount={comments.length}
        partnerCompanyId={c.partnerCompanyId}
        busy={busy}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => void decisionMade('reject', reason)}
      />
      <Modal opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} title="Keyboard shortcuts">
        <Table>
          <Table.Tbody>
            {REVIEW_SHORTCUTS.map((sc) => (
              <Table.Tr key={sc.key}>
                <Table.Td>
                  <Kbd>{sc.key}</Kbd>
                </Table.Td>
                <Table.Td>{sc.action}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          Shortcuts do nothing while you type in a field.
        </Text>
      </Modal>
    </Stack>
  );
}

/** The typed UPC beside the codes read from the files, with a mark that says in words whether they agree. */
function UpcComparison({ submission: s }: { submission: Submission }) {
  const detected = s.detectedUpcs;
  const match = detected.some((d) => sameUpc(d, s.upc));
  const verdict = !detected.length ? 'No code read' : match ? '✓ Match' : '✗ Mismatch';
  return (
    <Table withTableBorder aria-label="Typed and detected UPC">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Typed UPC</Table.Th>
          <Table.Td ff="monospace">{displayUpc(s.upc)}</Table.Td>
          <Table.Td rowSpan={2} style={{ verticalAlign: 'middle' }}>
            <Badge
              size="lg"
              variant="light"
              // Dark text on the light tint: AA contrast whatever the verdict.
              {...(!detected.length
                ? { color: 'gray', c: '#343a40' }
                : match
                  ? { color: 'green', c: '#1b5e20' }
                  : { color: 'red', c: '#8a1c1c' })}
              data-testid="upc-verdict"
            >
              {verdict}
            </Badge>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Detected</Table.Th>
          <Table.Td ff="monospace">{detected.length ? detected.map(displayUpc).join(', ') : '—'}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function Facts({ submission: s, partnerName }: { submission: Submission; partnerName: string | null }) {
  const rows: [string, string][] = [
    ['Company', s.companyName],
    ['Submitter', [s.creatorFirstName, s.creatorLastName].filter(Boolean).join(' ') || s.creatorEmail],
    ['Partner', partnerName ? titleCase(partnerName) : '—'],
    ['Product name', s.productName ?? '—'],
    ['Files', String(s.files.length)],
    ['Updated', formatDateTime(s.updatedDate)],
  ];
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" w={130}>
              {k}
            </Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SameUpc({
  items,
  search,
}: {
  items: {
    id: string;
    upc: string;
    itemStatus: ItemStatus;
    companyName: string;
    duplicate: boolean;
    submittedAt: string;
  }[];
  search: string;
}) {
  return (
    <section aria-labelledby="review-same-upc">
      <Title order={2} size="h4" id="review-same-upc">
        Same UPC elsewhere
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No other submission has this UPC.
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((o) => (
            <li key={o.id}>
              <Anchor component={AppLink} to={`/review/${o.id}${search ? `?${search}` : ''}`} size="sm">
                {o.companyName}: {statusDisplayName(o.itemStatus)}, {formatDateTime(o.submittedAt)}
              </Anchor>
              {o.duplicate && (
                <Badge ml={6} size="xs" color="red" variant="light" c="#8a1c1c">
                  Duplicate
                </Badge>
              )}
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
