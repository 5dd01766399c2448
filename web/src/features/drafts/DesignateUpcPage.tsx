import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, FileButton, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  addToDraft,
  checkDraft,
  draftReadiness,
  readinessRefusal,
  DRAFT_MSG,
  draftPhotoMismatches,
  effectiveUpc,
  intakeRulesFor,
  isAnyAdmin,
  NO_PARTNER_RULES,
  sanitizeProductName,
  toEan13,
  upcDigits,
  displayUpc,
  type DraftFileFacts,
  type ProductReadiness,
  type DraftFileValues,
  type IntakeRules,
  type UpcPhotoMismatch,
} from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import type { UploadProgress } from '../../api/upload-files.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { useSession, useSignedInUser } from '../../session/session-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { Page } from '../../ui/Page.tsx';
import { clearPageToasts, hideToast, toast } from '../../ui/toast.ts';
import { useFocusHeading } from '../../ui/use-focus-heading.ts';
import {
  DeleteDraftMutation,
  RemoveDraftFileMutation,
  SubmitDraftMutation,
  UpdateDraftSubmissionMutation,
} from './draft-operations.ts';
import {
  DraftFileRow,
  type DraftFormValues,
  type DraftRowValues,
  type ShippingProfileField,
  type ShownError,
} from './DraftFileRow.tsx';
import {
  addFilesToDraft,
  cacheDraft,
  fetchDraft,
  fieldRulesFromConfiguration,
  forgetDrafts,
  storeSubmissionIds,
  useDraft,
  useDraftEvents,
  type Draft,
  type DraftFile,
} from './drafts-api.ts';
import type { ConfirmationState } from './ConfirmationPage.tsx';
import { UPLOAD_ACCEPT, type NewDraftState } from './UploadFilesPage.tsx';
import { overallProgress } from './upload-progress.ts';
import { useShippingProfileOptions } from './use-shipping-profile-options.ts';
import { useReadinessRules } from './use-readiness-rules.ts';
import { ReadinessPanel } from './ReadinessPanel.tsx';

export const STEP_2_HEADING = 'Enter UPC(s)';
export const DRAFT_NOT_FOUND = "We couldn't open this draft. It may have been submitted or deleted.";

/** Upload step 2 of 2 (/upload/draft/:id/designate_upc, /upload/draft/:id, /upload_draft/:id). */
export function DesignateUpcPage() {
  const { id = '' } = useParams();
  // Each file's result is pushed as soon as it is known; polling stays for when the stream is not open.
  const live = useDraftEvents(id);
  const draft = useDraft(id, live);
  // A failed poll keeps the draft on screen; only a draft never loaded is "not found".
  if (draft.data) return <DraftForm key={draft.data.id} draft={draft.data} />;
  return (
    <Page heading={STEP_2_HEADING}>
      {draft.isError ? (
        <Alert color="red" role="alert" title="Draft not available">
          <Text>{DRAFT_NOT_FOUND}</Text>
          <Anchor component={AppLink} to="/activity/requires_action">
            Go to the drafts that require action
          </Anchor>
        </Alert>
      ) : (
        <Group role="status" gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Loading the draft…</Text>
        </Group>
      )}
    </Page>
  );
}

type Busy = 'save' | 'submit' | 'cancel' | 'upload' | 'remove' | null;

// A detected code fills an empty UPC field once; after that the field is the user's (issue 17 item 1).
// One empty list, so what is memoised on the rows is not recomputed at every render before they arrive.
const NO_ROWS: DraftRowValues[] = [];

const rowFromFile = (file: DraftFile): DraftRowValues => ({
  fileName: file.fileName,
  upc: displayUpc(file.upc ?? file.detectedUpc ?? ''),
  productName: file.productName ?? '',
  isMarketingImage: file.isMarketingImage,
  shippingProfileId: file.shippingProfileId,
});

/**
 * The rules' view of the rows. The detected code is already in the field (or was, until the user cleared it), so it
 * never stands in for an empty one here: an emptied field is an empty UPC.
 */
export function draftValues(rows: readonly DraftRowValues[]): DraftFileValues[] {
  return rows.map((row) => ({
    fileName: row.fileName,
    upc: row.upc || null,
    detectedUpc: null,
    productName: row.productName || null,
    isMarketingImage: row.isMarketingImage,
    shippingProfileId: row.shippingProfileId,
  }));
}

/** Which rules block which product: what a message about them depends on. */
const blockingKeyOf = (products: readonly ProductReadiness[]) =>
  products.map((p) => p.readiness.blocking.map((r) => r.code).join(',')).join(';');

/** The rows as typed, over the server's view of each file: what the readiness rules read. */
export const readinessFacts = (rows: readonly DraftRowValues[], files: readonly DraftFile[]): DraftFileFacts[] =>
  rows.map((row) => {
    const file = files.find((f) => f.fileName === row.fileName);
    return {
      fileName: row.fileName,
      upc: row.upc,
      productName: sanitizeProductName(row.productName).trim() || null,
      shippingProfileId: row.shippingProfileId,
      isMarketingImage: row.isMarketingImage,
      detectionStatus: file?.detectionStatus ?? 'pending',
      detectedUpcs: file?.detectedUpcs ?? [],
      qualityIssues: file?.qualityIssues ?? [],
      longSidePx: file?.longSidePx ?? null,
    };
  });

const toInput = (row: DraftRowValues) => ({
  fileName: row.fileName,
  upc: upcDigits(row.upc) || null,
  productName: sanitizeProductName(row.productName).trim() || null,
  shippingProfileId: row.shippingProfileId,
  isMarketingImage: row.isMarketingImage,
});

/** The partner's field rules for this draft; null while they load. */
function useIntakeRules(partnerCompanyId: number | null): IntakeRules | null {
  const config = usePartnerConfiguration(partnerCompanyId);
  if (partnerCompanyId === null) return NO_PARTNER_RULES;
  if (config.data) return intakeRulesFor(fieldRulesFromConfiguration(config.data));
  // No configuration to be had: the server applies no partner rules either.
  if (config.isError) return NO_PARTNER_RULES;
  return null;
}

function DraftForm({ draft }: { draft: Draft }) {
  const navigate = useNavigate();
  const location = useLocation();
  const partnerPath = usePartnerPath();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const { hasFlag } = useSession();
  const rules = useIntakeRules(draft.partnerCompanyId);
  const { ruleSet, latest: latestRules } = useReadinessRules(draft.partnerCompanyId);
  const shippingOptions = useShippingProfileOptions();
  const isNewDraft = (location.state as Partial<NewDraftState> | null)?.newDraft === true;

  const form = useForm<DraftFormValues>({ defaultValues: { rows: draft.files.map(rowFromFile) } });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const rows = useWatch({ control: form.control, name: 'rows' }) ?? NO_ROWS;
  const { touchedFields, dirtyFields } = form.formState;

  const [busy, setBusy] = useState<Busy>(null);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [uploadProgress, setUploadProgress] = useState<UploadProgress | null>(null);
  const [toRemove, setToRemove] = useState<string | null>(null);
  const [mismatches, setMismatches] = useState<UpcPhotoMismatch[]>([]);
  const resetFileInput = useRef<() => void>(null);
  useFocusHeading();

  // A code read after the page opened fills its field if that is still empty and untouched, once per file.
  const prefilled = useRef(new Set(draft.files.filter((f) => f.upc || f.detectedUpc).map((f) => f.fileName)));
  useLayoutEffect(() => {
    const rowsNow = form.getValues('rows');
    for (const file of draft.files) {
      if (!file.detectedUpc || prefilled.current.has(file.fileName)) continue;
      const index = rowsNow.findIndex((r) => r.fileName === file.fileName);
      if (index < 0) continue;
      prefilled.current.add(file.fileName);
      const edited = form.getFieldState(`rows.${index}.upc`).isDirty;
      if (!rowsNow[index].upc && !edited) form.setValue(`rows.${index}.upc`, file.detectedUpc);
    }
  }, [draft.files, form]);

  // Files added to the draft (here or elsewhere) get their row; what the user typed in the others stays.
  useEffect(() => {
    const known = new Set(form.getValues('rows').map((r) => r.fileName));
    const added = draft.files.filter((f) => !known.has(f.fileName));
    if (added.length) append(added.map(rowFromFile), { shouldFocus: false });
  }, [draft.files, append, form]);

  const values = useMemo(() => draftValues(rows), [rows]);
  const check = useMemo(() => checkDraft(values, rules ?? NO_PARTNER_RULES), [values, rules]);
  // The partner's readiness of each product, at every keystroke: what is typed, over what the server read.
  const readiness = useMemo(
    () => (ruleSet ? draftReadiness(readinessFacts(rows, draft.files), ruleSet) : []),
    [rows, draft.files, ruleSet],
  );
  // What Submit said about the partner's blocking rules goes once they change (fixed, or others fail instead).
  const readinessToasts = useRef<{ ids: string[]; key: string }>({ ids: [], key: '' });
  const blockingKey = blockingKeyOf(readiness);
  useEffect(() => {
    if (blockingKey === readinessToasts.current.key) return;
    readinessToasts.current.ids.forEach(hideToast);
    readinessToasts.current = { ids: [], key: '' };
  }, [blockingKey]);
  const blockingChecks = useMemo(
    () =>
      (ruleSet?.rules ?? []).flatMap((r) => (r.kind === 'photo-check' && r.severity === 'blocking' ? [r.check] : [])),
    [ruleSet],
  );
  const fieldsValid = Object.keys(check.fields).length === 0;
  const canEdit = draft.can.edit;
  const canSubmit = rules !== null && fieldsValid && rows.length > 0 && canEdit && busy === null;

  const shipping: ShippingProfileField = {
    // Part 1 section 2: with the SHIPPING_PROFILE feature, for users who may view shipping profiles.
    show: hasFlag('SHIPPING_PROFILE') && !isAnyAdmin(user),
    required: rules?.shippingProfileRequired ?? false,
    options: shippingOptions,
  };

  const shownErrors = (index: number, fileName: string) => {
    const touched = touchedFields.rows?.[index];
    const dirty = dirtyFields.rows?.[index];
    const pick = (field: 'upc' | 'productName', visible: boolean): ShownError | undefined => {
      const fromServer = serverErrors[`${fileName}.${field}`];
      if (fromServer) return { message: fromServer, announce: true };
      const message = check.fields[fileName]?.[field];
      if (!message || !visible) return undefined;
      return { message, announce: attempted || !!touched?.[field] };
    };
    const upcMessage = check.fields[fileName]?.upc;
    const nameMessage = check.fields[fileName]?.productName;
    return {
      // A UPC is judged once the user has left the field, or on Submit; an empty one is not an error before that (a
      // file without a barcode says so in its notes). A code the page put there (read from the image, or saved
      // earlier) is judged at once: nothing else would say why Submit stays off.
      upc: pick('upc', !!upcMessage && (attempted || !!touched?.upc || (!dirty?.upc && !!rows[index]?.upc))),
      // A missing name is only pointed out after the user has been to the field; a clash with another row at once.
      productName: pick(
        'productName',
        !!nameMessage &&
          (attempted ||
            !!touched?.productName ||
            (!dirty?.productName && nameMessage !== DRAFT_MSG.productNameRequired)),
      ),
    };
  };

  // Reads no state of this render: a row may call the function of an earlier one (DraftFileRow's sameRowProps).
  const onEdited = (fileName: string, field: 'upc' | 'productName') => {
    const key = `${fileName}.${field}`;
    setServerErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  };

  /** Shows a failed save, submit or delete: field messages on their rows, product messages as toasts. */
  const reportFailure = (error: unknown) => {
    if (error instanceof GraphQLRequestError) {
      const rowErrors: Record<string, string> = {};
      const productMessages: string[] = [];
      for (const [key, message] of Object.entries(error.fields)) {
        if (key.startsWith('product.')) productMessages.push(message);
        else if (key.endsWith('.upc') || key.endsWith('.productName')) rowErrors[key] = message;
      }
      if (Object.keys(rowErrors).length || productMessages.length) {
        setServerErrors(rowErrors);
        setAttempted(true);
        productMessages.forEach((message) => toast.error(message));
        return;
      }
      showBanner(error.message, 'error');
    }
    // Anything else (HTTP failures) was already reported by the generic handling.
  };

  const save = () =>
    gql(UpdateDraftSubmissionMutation, { id: draft.id, input: { files: form.getValues('rows').map(toInput) } });

  const saveForLater = async () => {
    setBusy('save');
    try {
      await save();
      await navigate(partnerPath('/activity/requires_action'));
      forgetDrafts(queryClient, draft.id);
    } catch (error) {
      reportFailure(error);
      setBusy(null);
    }
  };

  const submit = async () => {
    if (!canSubmit || !rules) return;
    // What the last attempt said may be fixed now: this attempt says anew what still stands.
    clearPageToasts();
    const current = draftValues(form.getValues('rows'));
    const result = checkDraft(current, rules);
    if (Object.keys(result.fields).length) {
      setAttempted(true);
      return;
    }
    if (result.products.length) {
      setAttempted(true);
      result.products.forEach((message) => toast.error(message));
      return;
    }
    // The partner's blocking rules as they are now, named before anything is sent (the server refuses the same in
    // the same words).
    const rulesNow = ruleSet ? await latestRules() : null;
    const facts = readinessFacts(form.getValues('rows'), draft.files);
    const judged = rulesNow ? draftReadiness(facts, rulesNow) : [];
    const refusal = rulesNow && readinessRefusal(judged, draft.files, rulesNow);
    if (refusal?.code === 'PHOTO_CHECKS_BLOCK') {
      // As the server's refusal always showed: the banner, naming the file and the fix.
      showBanner(refusal.messages[0], 'error');
      return;
    }
    if (refusal) {
      setAttempted(true);
      readinessToasts.current = {
        ids: refusal.messages.map((message) => toast.error(message)),
        key: blockingKeyOf(judged),
      };
      return;
    }
    // A UPC that none of its photos' barcodes match is rejected automatically: asked once, before anything is sent.
    const differing = draftPhotoMismatches(
      current.map((f) => ({
        fileName: f.fileName,
        upc: effectiveUpc(f),
        detectedUpcs: draft.files.find((d) => d.fileName === f.fileName)?.detectedUpcs ?? [],
      })),
    );
    if (differing.length) {
      setMismatches(differing);
      return;
    }
    await send(current);
  };

  const send = async (current: DraftFileValues[]) => {
    setMismatches([]);
    setBusy('submit');
    try {
      await save();
      const created = (await gql(SubmitDraftMutation, { id: draft.id })).submitProductsFromDraftSubmission;
      const ids = created.map((s) => s.id);
      storeSubmissionIds(ids);
      const state: ConfirmationState = {
        submissionIds: ids,
        upcCount: new Set(current.map((f) => toEan13(effectiveUpc(f)))).size,
        fileCount: current.length,
      };
      // Replace: going back must not return to a draft that no longer exists.
      await navigate(partnerPath(`/upload/draft/${encodeURIComponent(draft.id)}/confirmation`), {
        state,
        replace: true,
      });
      forgetDrafts(queryClient, draft.id);
    } catch (error) {
      reportFailure(error);
      setBusy(null);
    }
  };

  const cancel = async () => {
    if (!isNewDraft) {
      // A saved draft opened later: just go back (or to the drafts when this was the first page).
      if (location.key !== 'default') void navigate(-1);
      else void navigate(partnerPath('/activity/requires_action'));
      return;
    }
    setBusy('cancel');
    try {
      await gql(DeleteDraftMutation, { id: draft.id });
      await navigate(partnerPath('/activity/requires_action'));
      forgetDrafts(queryClient, draft.id);
    } catch (error) {
      reportFailure(error);
      setBusy(null);
    }
  };

  /** Takes the confirmed file out: on the server first, then its row (what was typed in the others stays). */
  const removeFile = async () => {
    const fileName = toRemove;
    if (!fileName) return;
    setBusy('remove');
    try {
      await gql(RemoveDraftFileMutation, { id: draft.id, fileName });
      await cacheDraft(queryClient, await fetchDraft(draft.id));
      const index = form.getValues('rows').findIndex((r) => r.fileName === fileName);
      if (index >= 0) remove(index);
      setServerErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`${fileName}.`))),
      );
      setToRemove(null);
    } catch (error) {
      setToRemove(null);
      reportFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const addFiles = async (incoming: File[]) => {
    resetFileInput.current?.();
    const existing = draft.files.map((f) => ({ name: f.fileName, size: 1, type: '' }));
    const result = addToDraft(existing, incoming);
    if (result.error) showBanner(result.error, 'error');
    if (!result.files.length) return;
    setBusy('upload');
    setUploadProgress({ loaded: 0, total: 1 });
    try {
      await cacheDraft(queryClient, await addFilesToDraft(draft.id, result.files, setUploadProgress));
    } catch (error) {
      console.error('Adding files to the draft failed', error);
      if (isApiError(error) && (error.status === 400 || error.status === 413)) showBanner(error.message, 'error');
    } finally {
      setBusy(null);
      setUploadProgress(null);
    }
  };

  return (
    <Page heading={STEP_2_HEADING}>
      <Text maw={760}>
        Enter the UPC shown on each file&apos;s package. Files with the same UPC become one product; mark the picture(s)
        to use as its marketing image.
      </Text>
      {!canEdit && (
        <Alert color="gray" title="View only">
          You may look at this draft but not change it.
        </Alert>
      )}

      <Stack gap="md" className="reserve-field-messages">
        {fields.map((row, index) => (
          <DraftFileRow
            key={row.key}
            index={index}
            fileName={row.fileName}
            file={draft.files.find((f) => f.fileName === row.fileName)}
            control={form.control}
            disabled={!canEdit || busy !== null}
            productNameRequired={rules?.productNameRequired ?? false}
            shipping={shipping}
            errors={shownErrors(index, row.fileName)}
            onEdited={(field) => onEdited(row.fileName, field)}
            // The last file stays: a draft without files is cancelled instead.
            onRemove={canEdit && fields.length > 1 ? () => setToRemove(row.fileName) : undefined}
            blockingChecks={blockingChecks}
          />
        ))}
      </Stack>

      <ReadinessPanel products={readiness} />

      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <FileButton
            onChange={addFiles}
            accept={UPLOAD_ACCEPT}
            multiple
            resetRef={resetFileInput}
            disabled={busy !== null || !canEdit}
          >
            {(props) => (
              <Button {...props} variant="default" disabled={busy !== null || !canEdit}>
                {busy === 'upload' ? 'Uploading...' : 'Add files'}
              </Button>
            )}
          </FileButton>
          {uploadProgress && (
            <Progress w={220} value={overallProgress(uploadProgress)} aria-label="Upload progress of the added files" />
          )}
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={cancel} disabled={busy !== null}>
            {busy === 'cancel' ? 'Cancelling...' : 'Cancel'}
          </Button>
          <Button variant="outline" onClick={saveForLater} disabled={busy !== null || !canEdit}>
            {busy === 'save' ? 'Saving...' : 'Save for later'}
          </Button>
          <Button onClick={submit} disabled={!canSubmit}>
            {busy === 'submit' ? 'Sending...' : 'Submit'}
          </Button>
        </Group>
      </Group>

      <Modal
        opened={mismatches.length > 0}
        onClose={() => setMismatches([])}
        title={DRAFT_MSG.upcDiffersTitle}
        centered
      >
        <Stack gap="md">
          {mismatches.map((m) => (
            <Text key={m.upc} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {DRAFT_MSG.upcDiffers(m.upc, m.detected, m.fileNames)}
            </Text>
          ))}
          <Text>{DRAFT_MSG.upcDiffersNote}</Text>
          <Group justify="flex-end" gap="sm">
            <Button onClick={() => setMismatches([])} data-autofocus>
              Check the UPC
            </Button>
            <Button variant="default" onClick={() => void send(draftValues(form.getValues('rows')))}>
              Submit anyway
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={toRemove !== null}
        onClose={() => busy !== 'remove' && setToRemove(null)}
        title={toRemove ? DRAFT_MSG.removeFileTitle(toRemove) : ''}
        centered
      >
        <Stack gap="md">
          <Text>{DRAFT_MSG.removeFileNote}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRemove(null)} disabled={busy === 'remove'}>
              Keep it
            </Button>
            <Button color="red.9" onClick={removeFile} loading={busy === 'remove'} data-autofocus>
              Remove file
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}
