import { useId, useRef, useState, type RefObject } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, CloseButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  addToSelection,
  canResubmit,
  displayUpc,
  isItemStatus,
  isRejected,
  MAX_FILES_PER_DRAFT,
  RESUBMIT_UPC_MAX,
  resubmitUpcError,
  rejectionCommentsNote,
  REVIEW_MSG,
  upcDigits,
} from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { AppNavigate } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { FileDropZone } from '../../ui/FileDropZone.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { UPLOAD_ACCEPT, UPLOAD_HINT } from '../drafts/UploadFilesPage.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import {
  resubmitSubmission,
  submissionChanged,
  submissionKeys,
  useSubmission,
  type Submission,
} from './submission-api.ts';
import { RequestValidationMutation } from './submission-operations.ts';
import { SubmissionImages } from './SubmissionImages.tsx';
import { AttributeComments, FieldComments } from './ReviewComments.tsx';
import { ProductFactsForm, useFactsForm } from '../drafts/facts/ProductFactsForm.tsx';
import { productFactsOf } from './ProductFactsPanel.tsx';
import { BackLink, SubmissionPending } from './SubmissionStates.tsx';
import classes from './submissions.module.css';

export const RESUBMIT_HEADING = 'Rejected submission';
export const BACK_TO_REQUIRES_ACTION = '/activity/requires_action';

/** /productSubmissions/:id/resubmit */
export function ResubmitPage() {
  const { id = '' } = useParams();
  const submission = useSubmission(id);
  // Set while this page sends the user on after a resubmission or an appeal: the refreshed submission is no longer
  // rejected, and the redirect to its detail must not overtake that navigation.
  const leaving = useRef(false);
  const back = <BackLink to={BACK_TO_REQUIRES_ACTION}>Back to Submission Activity</BackLink>;
  if (!submission.data) return <SubmissionPending heading={RESUBMIT_HEADING} error={submission.error} back={back} />;
  const status = submission.data.itemStatus;
  if (!leaving.current && (!isItemStatus(status) || !isRejected(status))) {
    return <AppNavigate to={`/productSubmissions/${encodeURIComponent(id)}`} replace />;
  }
  return <ResubmitForm key={submission.data.id} submission={submission.data} back={back} leaving={leaving} />;
}

function ResubmitForm({
  submission,
  back,
  leaving,
}: {
  submission: Submission;
  back: React.ReactNode;
  leaving: RefObject<boolean>;
}) {
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const queryClient = useQueryClient();
  const originalUpc = displayUpc(submission.upc);
  const [upc, setUpc] = useState(originalUpc);
  const [upcTouched, setUpcTouched] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [appealing, setAppealing] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const reasonHeading = useId();
  const factsForm = useFactsForm(submission.facts ? productFactsOf(submission.facts) : null);

  const upcProblem = resubmitUpcError(upc);
  const shownUpcError = serverErrors.upc ?? (upcTouched && upc !== originalUpc ? upcProblem : null);
  const fileErrors = Object.entries(serverErrors).filter(([key]) => key !== 'upc');
  const enabled = canResubmit({ upc, originalUpc, fileCount: files.length, sending });

  const addFiles = (incoming: File[]) => {
    const result = addToSelection(files, incoming, MAX_FILES_PER_DRAFT);
    setFiles(result.files);
    setServerErrors(({ upc: keep }): Record<string, string> => (keep ? { upc: keep } : {}));
    if (result.error) showBanner(result.error, 'error');
  };

  const resubmit = async () => {
    if (!enabled) return;
    const facts = factsForm.toSend();
    if (!facts.ok) return;
    setSending(true);
    setServerErrors({});
    try {
      await resubmitSubmission(submission.id, upc, files, facts.fields);
      leaving.current = true;
      await navigate(partnerPath(`/productSubmissions/${encodeURIComponent(submission.id)}/resubmit/confirmation`), {
        replace: true,
      });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    } catch (error) {
      // Part 1 section 8: the button comes back and nothing is announced, except a field the server named.
      if (isApiError(error) && error.fields) setServerErrors(error.fields);
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submission.id) });
      }
      setSending(false);
    }
  };

  const appeal = async () => {
    setAppealing(true);
    try {
      const updated = (await gql(RequestValidationMutation, { id: submission.id })).requestValidation;
      leaving.current = true;
      await navigate(partnerPath(`/activity/pending?focus=${encodeURIComponent(submission.id)}`));
      submissionChanged(queryClient, updated);
      toast.success(REVIEW_MSG.appealed);
    } catch (error) {
      if (error instanceof GraphQLRequestError) showBanner(error.message, 'error');
      void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submission.id) });
      setAppealing(false);
    }
  };

  const reason = submission.rejectionReason;
  const commentsNote = rejectionCommentsNote(reason?.message, submission.reviewComments.length);
  const automatic = reason ? !reason.isAdminRejection : submission.itemStatus === 'AUTO_REJECTED';

  return (
    <Page heading={RESUBMIT_HEADING} before={back}>
      <dl className={classes.facts}>
        <dt>UPC</dt>
        <dd>
          {originalUpc}
          <FieldComments comments={submission.reviewComments} field="upc" label="UPC" />
        </dd>
        <dt>Product name</dt>
        <dd>
          {submission.productName || 'Unnamed'}
          <FieldComments comments={submission.reviewComments} field="productName" label="product name" />
        </dd>
        <dt>Status</dt>
        <dd>{submission.statusDisplayName}</dd>
        <dt>Last modified</dt>
        <dd>{formatDateTime(submission.updatedDate)}</dd>
      </dl>
      <AttributeComments comments={submission.reviewComments} />

      <Paper component="section" aria-labelledby={reasonHeading} withBorder p="md" className={classes.reason}>
        <Stack gap="xs">
          <Title order={2} size="h4" id={reasonHeading}>
            {automatic ? 'Rejected by our automated checks' : 'Rejected by our staff'}
          </Title>
          <Text>{reason?.message || 'No reason was given.'}</Text>
          {commentsNote && <Text size="sm">{commentsNote}</Text>}
          {automatic && submission.can.appeal && (
            <Group gap="xs" align="baseline">
              <Text size="sm">Think the check got it wrong?</Text>
              <Button variant="subtle" size="compact-sm" px={4} onClick={appeal} loading={appealing}>
                Request validation
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      {submission.can.resubmit ? (
        <Stack gap="lg" maw={760} className="reserve-field-messages">
          <Title order={2} size="h3">
            Resubmit the product
          </Title>
          <TextInput
            label="UPC"
            description={REVIEW_MSG.resubmitUpcHint}
            value={upc}
            inputMode="numeric"
            maxLength={RESUBMIT_UPC_MAX}
            onChange={(event) => {
              setUpc(upcDigits(event.currentTarget.value));
              if (serverErrors.upc) setServerErrors(({ upc: _gone, ...rest }) => rest);
            }}
            onBlur={() => {
              setUpc(displayUpc(upc));
              setUpcTouched(true);
            }}
            error={
              shownUpcError ? (
                <span role={serverErrors.upc ? 'alert' : undefined}>{fieldError(shownUpcError)}</span>
              ) : undefined
            }
            disabled={sending}
            maw={320}
          />

          <SubmissionImages files={submission.files} heading="Latest files" comments={submission.reviewComments} />

          <Stack gap="xs">
            <Title order={2} size="h4">
              New files
            </Title>
            <Text size="sm">The new files replace all of the latest files above. Choose at least one.</Text>
            <FileDropZone onFiles={addFiles} accept={UPLOAD_ACCEPT} disabled={sending} hint={UPLOAD_HINT}>
              {files.length > 0 && (
                <ul aria-label="Chosen files" className={classes.chosenList}>
                  {files.map((file) => (
                    <li key={`${file.name}-${file.size}-${file.lastModified}`} className={classes.chosenFile}>
                      <Text truncate="end" title={file.name} style={{ flex: 1, minWidth: 0 }}>
                        {file.name}
                      </Text>
                      {!sending && (
                        <CloseButton
                          aria-label={`Remove ${file.name}`}
                          onClick={() => setFiles((current) => current.filter((f) => f !== file))}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </FileDropZone>
            {fileErrors.map(([key, message]) => (
              <Text key={key} c="red.8" size="sm" role="alert">
                {fieldError(key === 'files' ? message : `${key}: ${message}`)}
              </Text>
            ))}
          </Stack>

          <ProductFactsForm
            form={factsForm}
            sources={submission.factSources}
            comments={submission.reviewComments}
            disabled={sending}
            note="As printed on the package. Correct what the reviewer pointed at; a value you change is sent with the resubmission as typed by you."
          />

          <Group justify="flex-end">
            <Button onClick={resubmit} disabled={!enabled}>
              {sending ? 'Sending...' : 'Resubmit product'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text c="dimmed">Only the supplier who sent this item (or our staff) can resubmit it.</Text>
      )}
    </Page>
  );
}
