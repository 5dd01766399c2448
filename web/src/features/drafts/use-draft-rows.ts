import { useEffect, useLayoutEffect, useRef } from 'react';
import type { UseFieldArrayAppend, UseFormReturn } from 'react-hook-form';
import { intakeRulesFor, NO_PARTNER_RULES, type IntakeRules } from '@portal/domain';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { hideToast } from '../../ui/toast.ts';
import type { DraftFormValues } from './DraftFileRow.tsx';
import { rowFromFile } from './draft-form-values.ts';
import { fieldRulesFromConfiguration, type DraftFile } from './drafts-api.ts';

/** The partner's field rules for this draft; null while they load. */
export function useIntakeRules(partnerCompanyId: number | null): IntakeRules | null {
  const config = usePartnerConfiguration(partnerCompanyId);
  if (partnerCompanyId === null) return NO_PARTNER_RULES;
  if (config.data) return intakeRulesFor(fieldRulesFromConfiguration(config.data));
  // No configuration to be had: the server applies no partner rules either.
  if (config.isError) return NO_PARTNER_RULES;
  return null;
}

/**
 * The rows follow the draft's files as the server reads and receives them: a code read after the page opened fills
 * its field if that is still empty and untouched, once per file; files added to the draft (here or elsewhere) get
 * their row, and what the user typed in the others stays.
 */
export function useRowsFollowFiles(
  files: readonly DraftFile[],
  form: UseFormReturn<DraftFormValues>,
  append: UseFieldArrayAppend<DraftFormValues, 'rows'>,
) {
  const prefilled = useRef(new Set(files.filter((f) => f.upc || f.detectedUpc).map((f) => f.fileName)));
  useLayoutEffect(() => {
    const rowsNow = form.getValues('rows');
    for (const file of files) {
      if (!file.detectedUpc || prefilled.current.has(file.fileName)) continue;
      const index = rowsNow.findIndex((r) => r.fileName === file.fileName);
      if (index < 0) continue;
      prefilled.current.add(file.fileName);
      const edited = form.getFieldState(`rows.${index}.upc`).isDirty;
      if (!rowsNow[index].upc && !edited) form.setValue(`rows.${index}.upc`, file.detectedUpc);
    }
  }, [files, form]);

  useEffect(() => {
    const known = new Set(form.getValues('rows').map((r) => r.fileName));
    const added = files.filter((f) => !known.has(f.fileName));
    if (added.length) append(added.map(rowFromFile), { shouldFocus: false });
  }, [files, append, form]);
}

/**
 * The toasts Submit showed about the partner's blocking rules, and which rules they were about: they go once those
 * change (fixed, or others fail instead). Submit puts its toasts in the returned ref.
 */
export function useReadinessToasts(blockingKey: string) {
  const readinessToasts = useRef<{ ids: string[]; key: string }>({ ids: [], key: '' });
  useEffect(() => {
    if (blockingKey === readinessToasts.current.key) return;
    readinessToasts.current.ids.forEach(hideToast);
    readinessToasts.current = { ids: [], key: '' };
  }, [blockingKey]);
  return readinessToasts;
}
