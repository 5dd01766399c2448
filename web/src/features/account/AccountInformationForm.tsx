import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { MSG, PERSON_NAME_MAX, type AccountInformation } from '@portal/domain';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession, useSignedInUser } from '../../session/session-context.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { lazyResolver } from '../../ui/lazy-resolver.ts';
import { toast } from '../../ui/toast.ts';
import { isApiError } from '../../api/api-error.ts';
import { updateAccountInformation } from './account-api.ts';
import { useEmailTaken } from './use-email-taken.ts';

export const ACCOUNT_SAVED = 'Account information saved.';

const accountResolver = lazyResolver<AccountInformation>(() =>
  import('./account-information-schema.ts').then((m) => m.accountInformationResolver),
);

/** /account/information: name and e-mail of the signed-in user. */
export function AccountInformationForm() {
  const user = useSignedInUser();
  const session = useSession();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();

  const saved: AccountInformation = { email: user.email, firstName: user.firstName, lastName: user.lastName };
  const form = useForm<AccountInformation>({
    resolver: accountResolver,
    mode: 'onTouched',
    defaultValues: saved,
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const values = form.watch();
  const email = useEmailTaken(values.email ?? '', user.email);

  useEffect(() => {
    if (email.taken) form.setError('email', { type: 'taken', message: MSG.emailTaken });
    else if (form.getFieldState('email').error?.type === 'taken') form.clearErrors('email');
  }, [email.taken, form]);

  const changed =
    values.email?.trim() !== saved.email ||
    values.firstName?.trim() !== saved.firstName ||
    values.lastName?.trim() !== saved.lastName;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const updated = await updateAccountInformation(input);
      session.updateUser(updated);
      form.reset({ email: updated.email, firstName: updated.firstName, lastName: updated.lastName });
      toast.success(ACCOUNT_SAVED);
    } catch (error) {
      // Part 1 section 8: an account update failure is silently ignored, but for an address already taken: the
      // "taken" hint before saving only knows the user's own company (issue 15), so another company's address is
      // found here.
      if (isApiError(error) && error.status === 409)
        form.setError('email', { type: 'conflict', message: MSG.emailTaken });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError(errors.email?.message)}
        />
        <TextInput
          label="First name"
          autoComplete="given-name"
          maxLength={PERSON_NAME_MAX}
          {...form.register('firstName')}
          error={fieldError(errors.firstName?.message)}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          maxLength={PERSON_NAME_MAX}
          {...form.register('lastName')}
          error={fieldError(errors.lastName?.message)}
        />
        <Group>
          <Button type="submit" disabled={!isValid || !changed || email.taken || email.checking || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="default" onClick={() => navigate(partnerPath('/'))}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
