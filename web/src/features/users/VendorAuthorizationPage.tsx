import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import {
  emptyVendorAuthorization,
  VENDOR_AUTH_MSG,
  VENDOR_CLAIMS,
  vendorAuthorizationSchema,
  vendorClaimText,
  type VendorAuthorizationForm,
} from '@portal/domain';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession } from '../../session/session-context.tsx';
import { Page } from '../../ui/Page.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { toast } from '../../ui/toast.ts';
import { acceptTermsAndConditions, useRetailPartnerName } from './users-api.ts';

/** /vendor-authorization (also under a partner): the six vendor claims, all required (part 2 sections 2.4 and 5). */
export function VendorAuthorizationPage() {
  const retailer = useRetailPartnerName();
  const session = useSession();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const form = useForm<VendorAuthorizationForm>({
    resolver: zodResolver(vendorAuthorizationSchema) as never,
    mode: 'all',
    defaultValues: emptyVendorAuthorization(),
  });
  const { isValid, isDirty, isSubmitting, submitCount } = form.formState;
  const values = useWatch({ control: form.control });
  const someUnchecked = VENDOR_CLAIMS.some((c) => !values[c.name]);
  const touched = isDirty || submitCount > 0;

  const onSubmit = form.handleSubmit(async () => {
    try {
      const updated = await acceptTermsAndConditions();
      session.updateUser(updated);
      toast.success(VENDOR_AUTH_MSG.saved(retailer));
      void navigate(partnerPath('/'));
    } catch {
      // Part 2 section 8: a non-ok answer is thrown; the generic error notice has told the user.
    }
  });

  return (
    <Page heading={VENDOR_AUTH_MSG.heading}>
      <Text>To sell your products through {retailer}, please read and confirm each of the statements below.</Text>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-describedby={touched && someUnchecked ? 'vendor-terms-summary' : undefined}
      >
        <Stack gap="md" maw={720}>
          <fieldset className="vendor-terms" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 8 }}>{retailer} vendor terms (all required)</legend>
            <Stack gap="sm">
              {VENDOR_CLAIMS.map((claim) => (
                <Checkbox
                  key={claim.name}
                  label={vendorClaimText(claim.text, retailer)}
                  required
                  {...form.register(claim.name)}
                  // From the values, not the resolver's errors: those only cover the boxes the user has clicked.
                  error={fieldError(touched && !values[claim.name] ? VENDOR_AUTH_MSG.fieldMustBeChecked : undefined)}
                />
              ))}
            </Stack>
          </fieldset>
          {touched && someUnchecked && (
            <Alert id="vendor-terms-summary" color="yellow" variant="light" role="status">
              <strong>Warning: </strong>
              {VENDOR_AUTH_MSG.agreeToTerms}
            </Alert>
          )}
          <Group>
            <Button type="submit" disabled={!isValid || !isDirty || isSubmitting}>
              {VENDOR_AUTH_MSG.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
