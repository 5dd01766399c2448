import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  displayUpc,
  isAnyAdmin,
  isFullAdmin,
  REJECTION_REASON_MAX,
  rejectionReasonProblem,
  sameUpc,
  SCOPES,
  statusChangedNotice,
} from '@portal/domain';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { API_BASE } from '../../api/api-fetch.ts';
import { AppNavigate } from '../../partner/AppLink.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { ProductNameEditor } from './ProductNameEditor.tsx';
import { submissionChanged, submissionKeys, useSubmission, type Submission } from './submission-api.ts';
import { RenameSubmissionMutation, UpdateSubmissionStatusMutation } from './submission-operations.ts';
import { SubmissionHistory } from './SubmissionHistory.tsx';
import { ReadinessPanel } from '../drafts/ReadinessPanel.tsx';
import { SubmissionImages } from './SubmissionImages.tsx';
import { ProductFactsPanel } from './ProductFactsPanel.tsx';
import { SubmissionFactSuggestions } from './SubmissionFactSuggestions.tsx';
import { AttributeComments, FieldComments } from './ReviewComments.tsx';
import { PhotoIssueBadges } from './PhotoIssueBadges.tsx';
import { MarkedDigits } from './MarkedDigits.tsx';
import { BackLink, SubmissionPending } from './SubmissionStates.tsx';
import classes from './submissions.module.css';

/**
 * Staff's cataloguing form, for accepted submissions only: loaded when shown, so the detail page (most often a
 * supplier's) does not wait for the form library and the schemas on a slow connection.
 */
const CatalogueItemForm = lazy(() =>
  import('../catalogue/CatalogueItemForm.tsx').then((m) => ({ default: m.CatalogueItemForm })),
);

/**
 * The support ticket's badge and form, shown to staff only: loaded when shown, so a supplier's detail page does not
 * wait for the schemas (zod) its form checks with.
 */
const SupportTicket = lazy(() => import('./SupportTicket.tsx').then((m) => ({ default: m.SupportTicket })));

export const STAFF_TITLE = 'Submission verification';
export const SUPPLIER_TITLE = 'Item details';
export const IMPORTED_NOTE =
  'Attributes and classifications appear once our cataloguing staff have catalogued this item.';
export const BACK_TO_ACTIVITY = '/activity/pending';

/** Light badges with text dark enough for AA contrast on their tint. */
const BADGE_COLOURS = {
  match: { color: 'green', c: '#1b5e20' },
  flag: { color: 'orange', c: '#7a3a00' },
} as const;

const hasPhotoIssues = (submission: Submission) => submission.files.some((f) => f.qualityIssues.length > 0);

/** Cataloguing staff: full administrators, or anyone who may write all submissions (the server checks too). */
export const canCatalogue = (user: { scopes: readonly string[] }) =>
  isFullAdmin(user) || user.scopes.includes(SCOPES.writeAllProductSubmissions);

/** Staff see the verification view: reviewers, and anyone with an all-submissions scope. */
export const isStaffView = (submission: Pick<Submission, 'can'>, user: { scopes: readonly string[] }) =>
  submission.can.review || isAnyAdmin(user);

/** /productSubmissions/:id */
export function SubmissionDetailPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const submission = useSubmission(id);
  const back = <BackLink to={BACK_TO_ACTIVITY}>Back to Submission Activity</BackLink>;
  if (!submission.data) {
    return (
      <SubmissionPending
        heading={isAnyAdmin(user) ? STAFF_TITLE : SUPPLIER_TITLE}
        error={submission.error}
        back={back}
      />
    );
  }
  if (submission.data.itemStatus === 'CATALOGUED') {
    return <AppNavigate to={`/cataloguedProducts/${encodeURIComponent(submission.data.ean13Upc)}`} replace />;
  }
  return <SubmissionDetail submission={submission.data} back={back} />;
}

type Review = 'ACCEPTED' | 'ADMIN_REJECTED';

function SubmissionDetail({ submission, back }: { submission: Submission; back: React.ReactNode }) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const staff = isStaffView(submission, user);
  // A code read from the photos that is not the typed UPC: both shown with the differing digits marked.
  const readCode = submission.detectedUpcs.some((d) => sameUpc(d, submission.upc))
    ? null
    : (submission.detectedUpcs[0] ?? null);
  const [busy, setBusy] = useState<Review | null>(null);
  const [rejecting, setRejecting] = useState(false);
  // After a review the buttons are disabled, which would leave keyboard focus nowhere: it goes to the review area,
  // which says what the item's status now allows.
  const reviewArea = useRef<HTMLDivElement>(null);
  const [reviewed, setReviewed] = useState(false);
  useEffect(() => {
    if (reviewed && !rejecting) {
      reviewArea.current?.focus();
      setReviewed(false);
    }
  }, [reviewed, rejecting]);

  /** A refused action: the server's message, and the submission as it is now (someone may have acted first). */
  const refused = (error: unknown) => {
    if (error instanceof GraphQLRequestError) showBanner(error.message, 'error');
    void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submission.id) });
  };

  const review = async (status: Review, reason?: string) => {
    setBusy(status);
    try {
      const updated = (await gql(UpdateSubmissionStatusMutation, { id: submission.id, status, reason: reason ?? null }))
        .updateProductSubmissionStatus;
      submissionChanged(queryClient, updated);
      toast.success(statusChangedNotice(status));
      setReviewed(true);
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.fields.reason) throw error;
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const rename = async (name: string) => {
    try {
      const updated = (await gql(RenameSubmissionMutation, { id: submission.id, name }))
        .updateProductSubmissionProductName;
      submissionChanged(queryClient, updated);
    } catch (error) {
      if (error instanceof GraphQLRequestError) throw new Error(error.fields.name ?? error.message);
      throw new Error('The name could not be saved. Please try again.');
    }
  };

  return (
    <Page heading={staff ? STAFF_TITLE : SUPPLIER_TITLE} before={back}>
      {staff &&
        (submission.badge ||
          submission.badgeNote ||
          submission.zendeskTicketId ||
          submission.can.setTicket ||
          hasPhotoIssues(submission)) && (
          <Group gap="md">
            {submission.badge && (
              <Badge
                size="lg"
                variant="light"
                {...BADGE_COLOURS[submission.badge === 'Matches Photo' ? 'match' : 'flag']}
              >
                {submission.badge}
                {/* Read by OCR rather than from the bars: worth a look at the photo before accepting. */}
                {submission.badgeNote && ` · ${submission.badgeNote}`}
              </Badge>
            )}
            {!submission.badge && submission.badgeNote && (
              <Badge size="lg" variant="light" {...BADGE_COLOURS.flag}>
                {submission.badgeNote}
              </Badge>
            )}
            <PhotoIssueBadges files={submission.files} />
            <Suspense fallback={null}>
              <SupportTicket submission={submission} />
            </Suspense>
          </Group>
        )}

      <div className={classes.layout}>
        <SubmissionImages
          files={submission.files}
          comments={submission.reviewComments}
          showCodeRegions={staff}
          zipUrl={`${API_BASE}/productSubmissions/${encodeURIComponent(submission.id)}/images.zip`}
        />
        <Stack gap="lg">
          <dl className={classes.facts}>
            <dt>UPC</dt>
            <dd>
              {readCode ? (
                <MarkedDigits code={submission.upc} against={readCode} side="typed" />
              ) : (
                displayUpc(submission.upc)
              )}
              <FieldComments comments={submission.reviewComments} field="upc" label="UPC" />
            </dd>
            {readCode && (
              <>
                <dt>Code read from the photos</dt>
                <dd>
                  <MarkedDigits code={readCode} against={submission.upc} side="detected" />
                </dd>
              </>
            )}
            <dt>Product name</dt>
            <dd>
              <ProductNameEditor name={submission.productName} canEdit={submission.can.editName} onSave={rename} />
              <FieldComments comments={submission.reviewComments} field="productName" label="product name" />
            </dd>
            <dt>Status</dt>
            <dd>{submission.statusDisplayName}</dd>
            <dt>Date modified</dt>
            <dd>{formatDateTime(submission.updatedDate)}</dd>
            {staff && (
              <>
                <dt>Company</dt>
                <dd>{submission.companyName}</dd>
                <dt>Submitted by</dt>
                <dd>
                  {[submission.creatorFirstName, submission.creatorLastName].filter(Boolean).join(' ')} (
                  {submission.creatorEmail})
                </dd>
              </>
            )}
            {submission.rejectionReason?.message && (
              <>
                <dt>Reason for rejection</dt>
                <dd>{submission.rejectionReason.message}</dd>
              </>
            )}
          </dl>
          <AttributeComments comments={submission.reviewComments} />

          {submission.isImported && (
            <Alert color="gray" variant="light" role="note">
              {IMPORTED_NOTE}
            </Alert>
          )}

          {/* Readiness for the partner it was sent to: the score and each failing rule with its fix. */}
          {submission.readiness && (
            <section aria-label="Readiness for this partner">
              <ReadinessPanel
                showVersion
                products={[
                  {
                    upc: submission.upc,
                    fileNames: submission.files.map((f) => f.fileName),
                    readiness: submission.readiness,
                  },
                ]}
              />
            </section>
          )}

          {/* Asked for only when a photo of it is read: most submissions have none, and their page skips the call. */}
          {submission.files.some((f) => f.factReadingStatus) && (
            <SubmissionFactSuggestions submissionId={submission.id} />
          )}

          <ProductFactsPanel
            facts={submission.facts}
            sources={submission.factSources}
            comments={submission.reviewComments}
          />

          {staff && (
            <Stack gap="xs" ref={reviewArea} tabIndex={-1} role="group" aria-label="Review">
              <Group gap="sm">
                <Button
                  onClick={() => void review('ACCEPTED')}
                  disabled={!submission.can.review || (busy !== null && busy !== 'ACCEPTED')}
                  loading={busy === 'ACCEPTED'}
                >
                  Accept Item
                </Button>
                <Button
                  color="red.9"
                  variant="outline"
                  onClick={() => setRejecting(true)}
                  disabled={!submission.can.review || busy !== null}
                >
                  Reject
                </Button>
              </Group>
              {!submission.can.review && (
                <Text size="sm" c="dimmed">
                  {user.scopes.includes('write:allproductsubmissions')
                    ? `This item is ${submission.statusDisplayName.toLowerCase()}: only submitted or automatically rejected items can be accepted or rejected.`
                    : 'You may look at submissions but not accept or reject them.'}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </div>

      {staff && canCatalogue(user) && submission.itemStatus === 'ACCEPTED' && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the cataloguing form" />}>
          <CatalogueItemForm submission={submission} />
        </Suspense>
      )}

      <SubmissionHistory history={submission.history} />

      <RejectDialog
        opened={rejecting}
        busy={busy === 'ADMIN_REJECTED'}
        onClose={() => setRejecting(false)}
        onReject={async (reason) => {
          // Closed after a refusal too (someone else reviewed it first): the banner says why, the page shows it now.
          await review('ADMIN_REJECTED', reason);
          setRejecting(false);
        }}
      />
    </Page>
  );
}

/** Asks staff for the reason, which the supplier will read; it is required. */
function RejectDialog({
  opened,
  busy,
  onClose,
  onReject,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const trimmed = reason.trim();
    const problem = rejectionReasonProblem(trimmed);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await onReject(trimmed);
      setReason('');
      setError(null);
    } catch (e) {
      setError(e instanceof GraphQLRequestError ? (e.fields.reason ?? e.message) : String(e));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Reject this item?" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Textarea
            label="Reason for the rejection"
            description="The supplier sees this reason."
            required
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error ? <span role="alert">{fieldError(error)}</span> : undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={busy}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
