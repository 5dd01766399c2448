import { useEffect } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  DIMENSION_FIELDS,
  DIMENSION_UNITS,
  EMPTY_SHIPPING_PROFILE_FORM,
  SHIPPING_PROFILE_LABELS,
  SHIPPING_PROFILE_MSG,
  shippingProfileInputSchema,
  WEIGHT_FIELDS,
  WEIGHT_UNITS,
  type MeasureField,
  type ShippingProfileFormValues,
  type ShippingProfileInput,
} from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { GraphQLRequestError } from '../../api/graphql.ts';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { numberOrNull } from '../../ui/number-field.ts';
import { toast } from '../../ui/toast.ts';
import { createShippingProfile, putShippingProfile, shippingChanged, type ShippingProfile } from './shipping-api.ts';

export const CREATE_TITLE = 'Create Shipping Profile';
export const EDIT_TITLE = 'Edit Shipping Profile';
export const PROFILE_CREATED = 'Shipping profile created.';
export const PROFILE_UPDATED = 'Shipping profile updated.';
/** Part 2 section 9: modals at most 720 px wide, their body at most 600 px high. */
const MODAL_WIDTH = 720;
const MODAL_BODY_HEIGHT = 600;

/** Blank is nothing entered; anything else is a number for the shared rules to judge (NaN: 'Must be a number'). */

const toFormValues = (p: ShippingProfile): ShippingProfileFormValues => {
  const m = <U extends string>(x: { value: number; unit: string } | null) => ({
    value: x?.value ?? null,
    unit: (x?.unit ?? '') as U | '',
  });
  return {
    name: p.name,
    caseCount: p.caseCount,
    grossWeight: m(p.grossWeight),
    netWeight: m(p.netWeight),
    caseLength: m(p.caseLength),
    caseWidth: m(p.caseWidth),
    caseHeight: m(p.caseHeight),
    palletTiers: p.palletTiers,
    palletLayers: p.palletLayers,
  };
};

const FIELD_PATHS = new Set<string>([
  'name',
  'caseCount',
  'palletTiers',
  'palletLayers',
  ...[...WEIGHT_FIELDS, ...DIMENSION_FIELDS].flatMap((f) => [`${f}.value`, `${f}.unit`]),
]);

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The profile to edit; none to create one. */
  profile?: ShippingProfile | null;
  /** The company a new profile belongs to (administrators); null for the user's own. */
  companyId: number | null;
}

/** 'Create Shipping Profile' and its edit twin: every rule of part 2 section 5, from the domain. */
export function ShippingProfileDialog({ opened, onClose, profile, companyId }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<ShippingProfileFormValues, unknown, ShippingProfileInput>({
    resolver: zodResolver(shippingProfileInputSchema) as never,
    mode: 'onTouched',
    defaultValues: profile ? toFormValues(profile) : EMPTY_SHIPPING_PROFILE_FORM,
  });
  const { errors, isSubmitting } = form.formState;

  // Each opening starts from the profile as saved (or empty).
  useEffect(() => {
    if (opened) form.reset(profile ? toFormValues(profile) : EMPTY_SHIPPING_PROFILE_FORM);
  }, [opened, profile, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (profile) await putShippingProfile(profile.id, input);
      else await createShippingProfile(input, companyId);
      toast.success(profile ? PROFILE_UPDATED : PROFILE_CREATED);
      void shippingChanged(queryClient);
      onClose();
    } catch (error) {
      const conflict =
        (error instanceof ApiError && error.status === 409) ||
        (error instanceof GraphQLRequestError && error.code === 'CONFLICT');
      if (conflict) {
        form.setError('name', { type: 'server', message: SHIPPING_PROFILE_MSG.duplicateName }, { shouldFocus: true });
        return;
      }
      const fields =
        error instanceof ApiError || error instanceof GraphQLRequestError ? Object.entries(error.fields ?? {}) : [];
      const known = fields.filter(([path]) => FIELD_PATHS.has(path));
      if (known.length) {
        for (const [path, message] of known)
          form.setError(path as FieldPath<ShippingProfileFormValues>, { type: 'server', message });
        return;
      }
      // Other REST failures were told by the generic handling; GraphQL ones and a 400 without a field are said here.
      if (error instanceof GraphQLRequestError || (error instanceof ApiError && error.status === 400))
        showBanner(error.message, 'error');
    }
  });

  const measure = (field: MeasureField) => {
    const units: readonly string[] = (WEIGHT_FIELDS as readonly string[]).includes(field)
      ? WEIGHT_UNITS
      : DIMENSION_UNITS;
    const label = SHIPPING_PROFILE_LABELS[field];
    return (
      <Group key={field} gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          inputMode="decimal"
          autoComplete="off"
          style={{ flex: 1 }}
          {...form.register(`${field}.value`, { setValueAs: numberOrNull })}
          error={fieldError(errors[field]?.value?.message)}
        />
        <NativeSelect
          label="Unit"
          aria-label={`${label} unit`}
          data={[{ value: '', label: 'Unit' }, ...units.map((u) => ({ value: u, label: u }))]}
          w={96}
          {...form.register(`${field}.unit`)}
          error={fieldError(errors[field]?.unit?.message)}
        />
      </Group>
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={profile ? EDIT_TITLE : CREATE_TITLE}
      size={MODAL_WIDTH}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{
        body: { maxHeight: MODAL_BODY_HEIGHT, overflowY: 'auto' },
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              required
              autoComplete="off"
              {...form.register('name')}
              error={fieldError(errors.name?.message)}
            />
            <TextInput
              label="Case Count"
              required
              inputMode="numeric"
              autoComplete="off"
              {...form.register('caseCount', { setValueAs: numberOrNull })}
              error={fieldError(errors.caseCount?.message)}
            />
          </SimpleGrid>
          <Text fw={600} size="sm">
            Case weights
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {WEIGHT_FIELDS.map(measure)}
          </SimpleGrid>
          <Text fw={600} size="sm">
            Case dimensions
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {DIMENSION_FIELDS.map(measure)}
          </SimpleGrid>
          <Text fw={600} size="sm">
            Pallet
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="TI (Tiers)"
              description="Cases per layer"
              inputMode="numeric"
              autoComplete="off"
              {...form.register('palletTiers', { setValueAs: numberOrNull })}
              error={fieldError(errors.palletTiers?.message)}
            />
            <TextInput
              label="HI (High)"
              description="Layers per pallet"
              inputMode="numeric"
              autoComplete="off"
              {...form.register('palletLayers', { setValueAs: numberOrNull })}
              error={fieldError(errors.palletLayers?.message)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {profile ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
