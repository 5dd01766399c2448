import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  certifiedSizeOfNetContent,
  certifiedValuesSchema,
  type CertifiedValues,
  type CertifiedValuesInput,
} from '@portal/domain';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { numberOrNull } from '../../ui/number-field.ts';
import { toast } from '../../ui/toast.ts';
import { submissionChanged, submissionKeys, type Submission } from '../submissions/submission-api.ts';
import { catalogueKeys } from './catalogue-api.ts';
import { CatalogueSubmissionMutation } from './catalogue-operations.ts';

export const CATALOGUE_SECTION = 'Catalogue this item';
export const ITEM_CATALOGUED = 'Item has been catalogued.';

type FieldName = keyof CertifiedValuesInput;

const TEXT_FIELDS: { name: Exclude<FieldName, 'packCount'>; label: string; required?: boolean }[] = [
  { name: 'description', label: 'Item description', required: true },
  { name: 'brand', label: 'Brand', required: true },
  { name: 'department', label: 'Department' },
  { name: 'category', label: 'Category' },
  { name: 'subcategory', label: 'Subcategory' },
  { name: 'itemSize', label: 'Size' },
  { name: 'unitsOfMeasure', label: 'Unit of measure' },
];
const FIELD_NAMES = new Set<string>([...TEXT_FIELDS.map((f) => f.name), 'packCount']);

const EMPTY: CertifiedValuesInput = {
  description: '',
  brand: '',
  department: '',
  category: '',
  subcategory: '',
  itemSize: '',
  unitsOfMeasure: '',
  packCount: null,
};

/** Blank is no pack count; anything else is a number for the schema to judge (NaN gets its message). */

/**
 * Cataloguing staff record the certified values of an ACCEPTED submission (catalogueSubmission); the item becomes
 * CATALOGUED and the page goes on to its catalogued product.
 */
export function CatalogueItemForm({ submission }: { submission: Submission }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const headingId = useId();
  // The net content the supplier gave starts the size and unit: its facts are values staff may certify.
  const size = certifiedSizeOfNetContent(submission.facts?.netContent);
  const form = useForm<CertifiedValuesInput, unknown, CertifiedValues>({
    resolver: zodResolver(certifiedValuesSchema),
    mode: 'onTouched',
    defaultValues: size ? { ...EMPTY, itemSize: size.itemSize, unitsOfMeasure: size.unitsOfMeasure } : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const updated = (await gql(CatalogueSubmissionMutation, { id: submission.id, input })).catalogueSubmission;
      toast.success(ITEM_CATALOGUED);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      void navigate(partnerPath(`/cataloguedProducts/${encodeURIComponent(updated.ean13Upc)}`));
      submissionChanged(queryClient, updated);
    } catch (error) {
      if (!(error instanceof GraphQLRequestError)) return; // the generic handling has told the user
      const fields = Object.entries(error.fields).filter(([name]) => FIELD_NAMES.has(name));
      if (error.code === 'VALIDATION_FAILED' && fields.length) {
        for (const [name, message] of fields)
          form.setError(name as FieldName, { type: 'server', message }, { shouldFocus: true });
        return;
      }
      // Not ACCEPTED any more (INVALID_TRANSITION), or not allowed: the server's word, and the item as it is now.
      showBanner(error.message, 'error');
      void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(submission.id) });
    }
  });

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {CATALOGUE_SECTION}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {size && (
            <Text size="sm" c="dimmed">
              Size and unit of measure are filled in from the net content the supplier gave ({size.printed}): check them
              against the package.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {TEXT_FIELDS.map(({ name, label, required }) => (
              <TextInput
                key={name}
                label={label}
                required={required}
                autoComplete="off"
                {...form.register(name)}
                error={fieldError(errors[name]?.message)}
              />
            ))}
            <TextInput
              label="Pack count"
              inputMode="numeric"
              autoComplete="off"
              {...form.register('packCount', { setValueAs: numberOrNull })}
              error={fieldError(errors.packCount?.message)}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Cataloguing...' : 'Catalogue item'}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
