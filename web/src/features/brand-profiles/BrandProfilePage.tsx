import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Group, Loader, NavLink, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  BRAND_PROFILE_SECTIONS,
  brandProfileFormSchema,
  STICKY_MENU_OFFSET_PX,
  toFormValues,
  type BrandProfileFormValues,
} from '@portal/domain';
import { useSignedInUser } from '../../session/session-context.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { Page } from '../../ui/Page.tsx';
import { useCompanyBrandProfile, type BrandProfile } from './brand-profile-api.ts';
import classes from './brand-profile.module.css';
import type { BrandFormParts } from './brand-form-parts.tsx';
import {
  DistributionSection,
  InvestmentStatusSection,
  PrimaryBrokerSection,
  SalesContactSection,
} from './BrandBusinessSections.tsx';
import {
  AboutYourBrandSection,
  MarketingMaterialsSection,
  SamplesSection,
  SocialMediaSection,
} from './BrandDetailsSections.tsx';
import { BRAND_PROFILE_LOAD_FAILED, SAVE_HINT } from './brand-profile-messages.ts';
import { useBrandProfileSave } from './use-brand-profile-save.ts';
import { useLeaveWarning } from '../../ui/use-leave-warning.ts';

/** Beside Save while a file is sent and checked (a PDF's first check can take seconds). */
export const sendingText = (label: string) => `Sending ${label}… Please stay on this page.`;

export {
  BRAND_PROFILE_LOAD_FAILED,
  BRAND_PROFILE_SAVE_FAILED,
  BRAND_PROFILE_SAVED,
  SAVE_HINT,
} from './brand-profile-messages.ts';

const resolver = zodResolver(brandProfileFormSchema) as unknown as Resolver<BrandProfileFormValues>;

/** /brandProfile: the signed-in user's company's brand profile (part 2 section 2.6). */
export function BrandProfilePage() {
  const user = useSignedInUser();
  const profile = useCompanyBrandProfile(user.companyId);
  return (
    <Page heading="Brand Profile">
      {profile.isPending ? (
        <Loader aria-label="Loading the brand profile" />
      ) : profile.isError ? (
        <Alert color="red" role="alert">
          {BRAND_PROFILE_LOAD_FAILED}
        </Alert>
      ) : (
        <BrandProfileForm companyId={user.companyId} profile={profile.data} />
      )}
    </Page>
  );
}

function BrandProfileForm({ companyId, profile }: { companyId: number; profile: BrandProfile | null }) {
  const form = useForm<BrandProfileFormValues>({ resolver, mode: 'onTouched', defaultValues: toFormValues(profile) });
  const { errors, isValid, isDirty, isSubmitting } = form.formState;
  const values = form.watch();
  const published = profile ? profile.isPublished : values.isPublished;
  const err = (name: keyof BrandProfileFormValues) => fieldError(errors[name]?.message);
  const set = (patch: Partial<BrandProfileFormValues>) => {
    for (const [name, value] of Object.entries(patch) as [keyof BrandProfileFormValues, never][]) {
      form.setValue(name, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    }
  };
  const { onSubmit, togglePublished, toggling, sending } = useBrandProfileSave({ companyId, profile, form, set });
  // A reload would drop a chosen file (or one being sent) without a word: the browser asks first.
  useLeaveWarning(isDirty || isSubmitting);
  const parts: BrandFormParts = { form, values, set, err };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Brand profile">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="sm">
          <Text fw={600} id="visibility-label">
            Visibility
          </Text>
          <SegmentedControl
            aria-labelledby="visibility-label"
            value={published ? 'publish' : 'hide'}
            onChange={(v) => void togglePublished(v === 'publish')}
            disabled={toggling}
            data={[
              { value: 'publish', label: 'Publish' },
              { value: 'hide', label: 'Hide' },
            ]}
          />
          <Text fw={600} aria-live="polite">
            {published ? 'Published' : 'Hidden'}
          </Text>
        </Group>
        <Group gap="sm">
          {!(isValid && isDirty) && !isSubmitting && (
            <Text size="sm" c="dimmed">
              {SAVE_HINT}
            </Text>
          )}
          <Text size="sm" c="dimmed" aria-live="polite">
            {sending && sendingText(sending)}
          </Text>
          <Button type="submit" disabled={!isValid || !isDirty || isSubmitting} loading={isSubmitting}>
            Save
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <nav aria-label="Brand profile sections" className={classes.menu} style={{ top: STICKY_MENU_OFFSET_PX }}>
            {BRAND_PROFILE_SECTIONS.map((s) => (
              <NavLink
                key={s.id}
                component="a"
                href={`#${s.id}`}
                label={s.label}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  document.getElementById(`${s.id}-heading`)?.focus({ preventScroll: true });
                }}
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="lg">
            <AboutYourBrandSection {...parts} />
            <MarketingMaterialsSection {...parts} profile={profile} />
            <SocialMediaSection {...parts} />
            <SamplesSection {...parts} />
            <InvestmentStatusSection {...parts} />
            <SalesContactSection {...parts} />
            <PrimaryBrokerSection {...parts} />
            <DistributionSection {...parts} />
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
