import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { companyUserInviteSchema, PEOPLE_MSG, staffInviteSchema } from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { toast } from '../../ui/toast.ts';
import type { PersonInput } from './people-api.ts';

const EMPTY: PersonInput = { email: '', firstName: '', lastName: '', scopes: [] };
const FIELDS = ['email', 'firstName', 'lastName', 'scopes'] as const;

interface Props {
  /** Staff need at least one staff scope; a company user holds only company scopes. */
  kind: 'staff' | 'company';
  /** The scopes offered, with their labels. */
  scopes: { value: string; label: string }[];
  submitLabel: string;
  onInvite: (input: PersonInput) => Promise<unknown>;
}

/** Name, e-mail and scopes of someone to invite; the rules are the domain's schema, the refusals the server's words. */
export function InvitePersonForm({ kind, scopes, submitLabel, onInvite }: Props) {
  const form = useForm<PersonInput>({
    resolver: zodResolver(kind === 'staff' ? staffInviteSchema : companyUserInviteSchema) as never,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onInvite(input);
      toast.success(PEOPLE_MSG.invited(input.email));
      form.reset(EMPTY);
    } catch (error) {
      if (!(error instanceof ApiError) || ![400, 404, 409].includes(error.status)) return;
      const fields = Object.entries(error.fields ?? {}).filter(([f]) => (FIELDS as readonly string[]).includes(f));
      if (error.status === 409) form.setError('email', { message: error.message }, { shouldFocus: true });
      else if (fields.length)
        for (const [f, message] of fields)
          form.setError(f as (typeof FIELDS)[number], { message }, { shouldFocus: true });
      else toast.error(error.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="sm" maw={520}>
        <TextInput
          label="E-mail"
          type="email"
          required
          {...form.register('email')}
          error={fieldError(errors.email?.message)}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="First name"
            required
            miw={180}
            {...form.register('firstName')}
            error={fieldError(errors.firstName?.message)}
          />
          <TextInput
            label="Last name"
            required
            miw={180}
            {...form.register('lastName')}
            error={fieldError(errors.lastName?.message)}
          />
        </Group>
        {scopes.length > 0 && (
          <Controller
            control={form.control}
            name="scopes"
            render={({ field }) => (
              <Checkbox.Group
                label="Scopes"
                required={kind === 'staff'}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  field.onBlur();
                }}
                error={fieldError(errors.scopes?.message)}
              >
                <Stack gap={6} mt={6}>
                  {scopes.map((s) => (
                    <Checkbox key={s.value} value={s.value} label={`${s.label} (${s.value})`} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
        )}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
