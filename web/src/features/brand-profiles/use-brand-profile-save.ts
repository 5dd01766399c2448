import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { BRAND_MSG, toBrandProfileInput, toFormValues, type BrandProfileFormValues } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { GraphQLRequestError } from '../../api/graphql.ts';
import { toast } from '../../ui/toast.ts';
import {
  brandProfileKeys,
  createBrandProfile,
  setBrandProfilePublished,
  updateBrandProfile,
  uploadBrandFile,
  type BrandProfile,
} from './brand-profile-api.ts';
import { FILE_FIELDS } from './brand-form-parts.tsx';
import { BRAND_PROFILE_SAVE_FAILED, BRAND_PROFILE_SAVED } from './brand-profile-messages.ts';

/**
 * Saving the brand profile: the form's fields first (the server's field messages go to their fields), then each
 * chosen file; and switching a stored profile's visibility at once, apart from the form.
 */
export function useBrandProfileSave({
  companyId,
  profile,
  form,
  set,
}: {
  companyId: number;
  profile: BrandProfile | null;
  form: UseFormReturn<BrandProfileFormValues>;
  set: (patch: Partial<BrandProfileFormValues>) => void;
}) {
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState(false);
  /** The file being sent now (its field's label), said beside Save: a PDF can take seconds to be checked. */
  const [sending, setSending] = useState<string | null>(null);
  const remember = (saved: BrandProfile) => queryClient.setQueryData(brandProfileKeys.company(companyId), saved);

  const showServerErrors = (error: unknown) => {
    const fields = error instanceof GraphQLRequestError ? error.fields : isApiError(error) ? (error.fields ?? {}) : {};
    const known = Object.entries(fields).filter(([name]) => name in form.getValues());
    for (const [name, message] of known) form.setError(name as keyof BrandProfileFormValues, { message });
    if (!known.length) toast.error(BRAND_PROFILE_SAVE_FAILED);
  };

  const onSubmit = form.handleSubmit(async (v) => {
    let saved: BrandProfile;
    try {
      const input = toBrandProfileInput(v);
      saved = profile
        ? await updateBrandProfile(companyId, profile.id, input)
        : await createBrandProfile(companyId, { ...input, isPublished: v.isPublished });
    } catch (error) {
      showServerErrors(error);
      return;
    }
    // Then each chosen file; one refused keeps its choice and shows why, the others are kept.
    const failed: { field: (typeof FILE_FIELDS)[number]['field']; file: File; message: string }[] = [];
    for (const { kind, field, label } of FILE_FIELDS) {
      const file = v[field] as File | null;
      if (!file) continue;
      setSending(label);
      try {
        saved = await uploadBrandFile(companyId, saved.id, kind, file);
      } catch (error) {
        const message =
          isApiError(error) && error.status === 413
            ? BRAND_MSG.fileTooLarge
            : isApiError(error) && error.fields?.file
              ? error.fields.file
              : isApiError(error) && error.message
                ? error.message
                : BRAND_PROFILE_SAVE_FAILED;
        failed.push({ field, file, message });
      }
    }
    setSending(null);
    remember(saved);
    form.reset(toFormValues(saved));
    for (const { field, file, message } of failed) {
      form.setValue(field, file, { shouldDirty: true, shouldTouch: true });
      form.setError(field, { message });
    }
    if (!failed.length) toast.success(BRAND_PROFILE_SAVED);
  });

  const togglePublished = async (next: boolean) => {
    if (!profile) {
      set({ isPublished: next }); // saved with the new profile
      return;
    }
    setToggling(true);
    try {
      // A stored profile switches at once, apart from the form (its own mutation, part 2 section 7).
      remember(await setBrandProfilePublished(companyId, profile.id, next));
    } catch {
      toast.error(BRAND_PROFILE_SAVE_FAILED);
    } finally {
      setToggling(false);
    }
  };
  return { onSubmit, togglePublished, toggling, sending };
}
