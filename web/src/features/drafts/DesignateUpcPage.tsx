import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import {
  checkDraft,
  draftReadiness,
  effectiveUpc,
  isAnyAdmin,
  NO_PARTNER_RULES,
  toEan13,
  type DraftFileValues,
  type PhotoRole,
  type UpcPhotoMismatch,
} from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession, useSignedInUser } from '../../session/session-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { Page } from '../../ui/Page.tsx';
import { clearPageToasts, toast } from '../../ui/toast.ts';
import { useFocusHeading } from '../../ui/use-focus-heading.ts';
import {
  DeleteDraftMutation,
  RemoveDraftFileMutation,
  SubmitDraftMutation,
  UpdateDraftSubmissionMutation,
} from './draft-operations.ts';
import { DraftActions, type DraftBusy } from './DraftActions.tsx';
import { RemoveFileDialog, UpcMismatchDialog } from './DraftDialogs.tsx';
import { reportDraftFailure } from './draft-failure.ts';
import { draftRuleStop, mismatchStop, readinessStop } from './draft-submit-check.ts';
import { DraftFileRow, type DraftFormValues, type ShippingProfileField } from './DraftFileRow.tsx';
import {
  blockingKeyOf,
  draftValues,
  NO_ROWS,
  readinessFacts,
  rowFromFile,
  shownRowErrors,
  toInput,
  rowsWithUpc,
} from './draft-form-values.ts';
import {
  cacheDraft,
  fetchDraft,
  forgetDrafts,
  savePhotoRoles,
  storeSubmissionIds,
  useDraft,
  useDraftEvents,
  type Draft,
} from './drafts-api.ts';
import type { ConfirmationState } from './ConfirmationPage.tsx';
import type { NewDraftState } from './UploadFilesPage.tsx';
import { useShippingProfileOptions } from './use-shipping-profile-options.ts';
import { useReadinessRules } from './use-readiness-rules.ts';
import { useAddDraftFiles } from './use-add-draft-files.ts';
import { useIntakeRules, useReadinessToasts, useRowsFollowFiles } from './use-draft-rows.ts';
import { ReadinessPanel } from './ReadinessPanel.tsx';
import { ProductFactsList } from './facts/ProductFactsList.tsx';

export const STEP_2_HEADING = 'Enter UPC(s)';
export const DRAFT_NOT_FOUND = "We couldn't open this draft. It may have been submitted or deleted.";

/** Upload step 2 of 2 (/upload/draft/:id/designate_upc, /upload/draft/:id, /upload_draft/:id). */
export function DesignateUpcPage() {
  const { id = '' } = useParams();
  // Each file's result is pushed as soon as it is known; polling stays for when the stream is not open.
  const live = useDraftEvents(id);
  const draft = useDraft(id, live);
  // A failed poll keeps the draft on screen; only a draft never loaded is "not found".
  if (draft.data) return <DraftForm key={draft.data.id} draft={draft.data} live={live} />;
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

function DraftForm({ draft, live }: { draft: Draft; live: boolean }) {
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

  const [busy, setBusy] = useState<DraftBusy>(null);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [toRemove, setToRemove] = useState<string | null>(null);
  const [mismatches, setMismatches] = useState<UpcPhotoMismatch[]>([]);
  const { addFiles, uploadProgress, resetFileInput } = useAddDraftFiles(draft, setBusy);
  useFocusHeading();

  useRowsFollowFiles(draft.files, form, append);

  const values = useMemo(() => draftValues(rows), [rows]);
  const check = useMemo(() => checkDraft(values, rules ?? NO_PARTNER_RULES), [values, rules]);
  // The partner's readiness of each product, at every keystroke: what is typed, over what the server read.
  const readiness = useMemo(
    () => (ruleSet ? draftReadiness(readinessFacts(rows, draft.files), ruleSet) : []),
    [rows, draft.files, ruleSet],
  );
  // What Submit said about the partner's blocking rules goes once they change (fixed, or others fail instead).
  const readinessToasts = useReadinessToasts(blockingKeyOf(readiness));
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
  const shownErrors = (index: number, fileName: string) =>
    shownRowErrors({
      fileName,
      row: rows[index],
      check,
      serverErrors,
      attempted,
      touched: touchedFields.rows?.[index],
      dirty: dirtyFields.rows?.[index],
    });

  // Reads no state of this render: a row may call the function of an earlier one (DraftFileRow's sameRowProps).
  const onEdited = (fileName: string, field: 'upc' | 'productName') => {
    const key = `${fileName}.${field}`;
    setServerErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  };
  const reportFailure = (error: unknown) =>
    reportDraftFailure(error, (rowErrors) => {
      setServerErrors(rowErrors);
      setAttempted(true);
    });

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
    const stop =
      draftRuleStop(current, rules) ??
      readinessStop(form.getValues('rows'), draft.files, ruleSet ? await latestRules() : null) ??
      mismatchStop(current, draft.files);
    if (!stop) return send(current);
    if (stop.kind === 'photo-checks') return showBanner(stop.message, 'error');
    if (stop.kind === 'mismatches') return setMismatches(stop.mismatches);
    setAttempted(true);
    if (stop.kind === 'products') stop.messages.forEach((message) => toast.error(message));
    if (stop.kind === 'readiness')
      readinessToasts.current = { ids: stop.messages.map((message) => toast.error(message)), key: stop.blockingKey };
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

  /** Saves what a photo shows, then shows the draft as the server judges it (another photo's proposal may move). */
  const saveRoles = async (fileName: string, roles: PhotoRole[] | null) => {
    try {
      await savePhotoRoles(draft.id, fileName, roles);
      await cacheDraft(queryClient, await fetchDraft(draft.id));
    } catch (error) {
      reportFailure(error);
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
            sameProductAs={(code) => rowsWithUpc(form.getValues('rows'), code, row.fileName)}
            onRolesChange={canEdit ? (roles) => saveRoles(row.fileName, roles) : undefined}
          />
        ))}
      </Stack>

      <ProductFactsList draftId={draft.id} rows={rows} live={live} disabled={!canEdit || busy !== null} />
      <ReadinessPanel products={readiness} />

      <DraftActions
        busy={busy}
        canEdit={canEdit}
        canSubmit={canSubmit}
        uploadProgress={uploadProgress}
        resetFileInput={resetFileInput}
        onAddFiles={addFiles}
        onCancel={cancel}
        onSaveForLater={saveForLater}
        onSubmit={submit}
      />

      <UpcMismatchDialog
        mismatches={mismatches}
        onCheck={() => setMismatches([])}
        onSubmitAnyway={() => void send(draftValues(form.getValues('rows')))}
      />
      <RemoveFileDialog
        fileName={toRemove}
        removing={busy === 'remove'}
        onKeep={() => setToRemove(null)}
        onRemove={removeFile}
      />
    </Page>
  );
}
