import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Box,
  Button,
  FileInput,
  Grid,
  Group,
  Image,
  Loader,
  MultiSelect,
  NavLink,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  BRAND_FILE_ACCEPT,
  BRAND_MSG,
  BRAND_PROFILE_SECTIONS,
  brandProfileFormSchema,
  chooseCountry,
  chooseDistributionRange,
  chooseState,
  DISTRIBUTION_RANGE_LABELS,
  DISTRIBUTION_RANGES,
  STICKY_MENU_OFFSET_PX,
  toBrandProfileInput,
  toFormValues,
  yearFoundedInput,
  type BrandFileKind,
  type BrandProfileFormValues,
  type DistributionRange,
} from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { GraphQLRequestError } from '../../api/graphql.ts';
import { useSignedInUser } from '../../session/session-context.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import {
  brandProfileKeys,
  createBrandProfile,
  setBrandProfilePublished,
  updateBrandProfile,
  uploadBrandFile,
  useCities,
  useCompanyBrandProfile,
  useCountries,
  useDistributionMethods,
  useDistributionStates,
  useStates,
  type BrandProfile,
} from './brand-profile-api.ts';
import classes from './brand-profile.module.css';

export const BRAND_PROFILE_SAVED = 'Brand profile saved.';
export const BRAND_PROFILE_SAVE_FAILED = 'We could not save your brand profile. Please try again.';
export const BRAND_PROFILE_LOAD_FAILED = 'We could not load your brand profile. Please reload the page.';
export const SAVE_HINT = 'Complete the required fields and make a change to save.';

const FILE_FIELDS = [
  { kind: 'brand-logo', field: 'brandLogo', label: 'Brand logo', stored: 'brandLogoFilename', url: 'brandLogoUrl' },
  {
    kind: 'product-one-sheet',
    field: 'productOneSheet',
    label: 'Product one-sheet',
    stored: 'productOneSheetFilename',
    url: 'productOneSheetUrl',
  },
  { kind: 'sales-deck', field: 'salesDeck', label: 'Sales deck', stored: 'salesDeckFilename', url: 'salesDeckUrl' },
] as const satisfies readonly {
  kind: BrandFileKind;
  field: keyof BrandProfileFormValues;
  label: string;
  stored: keyof BrandProfile;
  url: keyof BrandProfile;
}[];

const resolver = zodResolver(brandProfileFormSchema) as unknown as Resolver<BrandProfileFormValues>;
const section = (id: string) => BRAND_PROFILE_SECTIONS.find((s) => s.id === id)!;

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
  const queryClient = useQueryClient();
  const form = useForm<BrandProfileFormValues>({ resolver, mode: 'onTouched', defaultValues: toFormValues(profile) });
  const { errors, isValid, isDirty, isSubmitting } = form.formState;
  const [toggling, setToggling] = useState(false);
  const values = form.watch();
  const published = profile ? profile.isPublished : values.isPublished;
  const err = (name: keyof BrandProfileFormValues) => fieldError(errors[name]?.message);

  const countries = useCountries();
  const states = useStates(values.brandCountryCode);
  const cities = useCities(values.brandCountryCode, values.brandStateCode);
  const methods = useDistributionMethods();
  const distributionStates = useDistributionStates();

  const set = (patch: Partial<BrandProfileFormValues>) => {
    for (const [name, value] of Object.entries(patch) as [keyof BrandProfileFormValues, never][]) {
      form.setValue(name, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    }
  };

  const remember = (saved: BrandProfile) => queryClient.setQueryData(brandProfileKeys.company(companyId), saved);

  const showServerErrors = (error: unknown) => {
    const fields = error instanceof GraphQLRequestError ? error.fields : isApiError(error) ? (error.fields ?? {}) : {};
    const known = Object.entries(fields).filter(([name]) => name in values);
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
    for (const { kind, field } of FILE_FIELDS) {
      const file = v[field] as File | null;
      if (!file) continue;
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

  const selectProps = {
    nothingFoundMessage: BRAND_MSG.noInfo,
    searchable: true,
    comboboxProps: { withinPortal: true },
  };
  const options = (list: { code: string; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.code, label: o.name }));

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
          {!(isValid && isDirty) && (
            <Text size="sm" c="dimmed">
              {SAVE_HINT}
            </Text>
          )}
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
            <Section id="about-your-brand">
              <TextInput
                label="Brand website"
                required
                {...form.register('brandWebsiteUrl')}
                error={err('brandWebsiteUrl')}
                placeholder="https://"
              />
              <Group grow align="flex-start">
                <Select
                  label="Country"
                  required
                  {...selectProps}
                  data={options(countries.data)}
                  value={values.brandCountryCode || null}
                  onChange={(v) => set(chooseCountry(form.getValues(), v ?? ''))}
                  onBlur={() => void form.trigger('brandCountryCode')}
                  error={err('brandCountryCode')}
                />
                <Select
                  label="State"
                  required
                  {...selectProps}
                  data={options(states.data)}
                  value={values.brandStateCode || null}
                  onChange={(v) => set(chooseState(form.getValues(), v ?? ''))}
                  onBlur={() => void form.trigger('brandStateCode')}
                  error={err('brandStateCode')}
                />
                <Select
                  label="City"
                  required
                  {...selectProps}
                  data={(cities.data ?? []).map((c) => c.name)}
                  value={values.brandCityName || null}
                  onChange={(v) => set({ brandCityName: v ?? '' })}
                  onBlur={() => void form.trigger('brandCityName')}
                  error={err('brandCityName')}
                />
              </Group>
              <Controller
                control={form.control}
                name="yearFounded"
                render={({ field }) => (
                  <TextInput
                    label="Year founded"
                    required
                    inputMode="numeric"
                    maxLength={4}
                    w={160}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={(e) => field.onChange(yearFoundedInput(e.currentTarget.value))}
                    onBlur={field.onBlur}
                    error={err('yearFounded')}
                  />
                )}
              />
              <Textarea
                label="Brand story"
                required
                rows={5}
                {...form.register('brandStory')}
                error={err('brandStory')}
              />
            </Section>

            <Section id="marketing-materials">
              {FILE_FIELDS.map((f) => (
                <Box key={f.kind}>
                  <Controller
                    control={form.control}
                    name={f.field}
                    render={({ field }) => (
                      <FileInput
                        label={f.label}
                        required={f.kind === 'brand-logo' && !profile?.brandLogoFilename}
                        clearButtonProps={{ 'aria-label': `Remove the chosen ${f.label.toLowerCase()}` }}
                        accept={BRAND_FILE_ACCEPT[f.kind]}
                        clearable
                        value={(field.value as File | null) ?? null}
                        onChange={(file) => set({ [f.field]: file })}
                        onBlur={field.onBlur}
                        error={err(f.field)}
                        description={
                          f.kind === 'brand-logo'
                            ? 'PNG, JPEG or GIF, under 15 MB.'
                            : 'PDF, PNG, JPEG or GIF, under 15 MB.'
                        }
                      />
                    )}
                  />
                  <StoredFile
                    profile={profile}
                    name={profile?.[f.stored] ?? null}
                    url={profile?.[f.url] ?? null}
                    isLogo={f.kind === 'brand-logo'}
                  />
                </Box>
              ))}
              <TextInput
                label="Marketing video URL"
                {...form.register('marketingVideoUrl')}
                error={err('marketingVideoUrl')}
                placeholder="https://"
              />
            </Section>

            <Section id="social-media-profiles">
              <TextInput
                label="Facebook URL"
                {...form.register('facebookUrl')}
                error={err('facebookUrl')}
                placeholder="https://"
              />
              <TextInput
                label="Instagram URL"
                {...form.register('instagramUrl')}
                error={err('instagramUrl')}
                placeholder="https://"
              />
              <TextInput
                label="Twitter URL"
                {...form.register('twitterUrl')}
                error={err('twitterUrl')}
                placeholder="https://"
              />
            </Section>

            <Section id="samples">
              <Radio.Group
                label="Do you offer samples?"
                required
                value={values.samplesOffered == null ? '' : values.samplesOffered ? 'yes' : 'no'}
                onChange={(v) => set({ samplesOffered: v === 'yes' })}
                error={err('samplesOffered')}
              >
                <Group mt="xs">
                  <Radio value="yes" label="Yes" />
                  <Radio value="no" label="No" />
                </Group>
              </Radio.Group>
            </Section>

            <Section id="investment-status">
              <TextInput
                label="Primary investor"
                {...form.register('primaryInvestor')}
                error={err('primaryInvestor')}
              />
              <TextInput
                label="Secondary investor"
                {...form.register('secondaryInvestor')}
                error={err('secondaryInvestor')}
              />
              <TextInput
                label="Raising investment"
                {...form.register('raisingInvestment')}
                error={err('raisingInvestment')}
              />
            </Section>

            <Section
              id="sales-contact-information"
              note="A sales contact (name and email) or a primary broker (name, company and email) is needed."
            >
              <TextInput
                label="Sales contact name"
                {...form.register('salesContactName', {
                  deps: ['primaryBrokerName', 'primaryBrokerCompany', 'primaryBrokerEmail', 'salesContactEmail'],
                })}
                error={err('salesContactName')}
              />
              <TextInput
                label="Sales contact title"
                {...form.register('salesContactTitle')}
                error={err('salesContactTitle')}
              />
              <TextInput
                label="Sales contact email"
                type="email"
                {...form.register('salesContactEmail', {
                  deps: ['primaryBrokerName', 'primaryBrokerCompany', 'primaryBrokerEmail', 'salesContactName'],
                })}
                error={err('salesContactEmail')}
              />
              <TextInput
                label="Sales contact phone"
                type="tel"
                {...form.register('salesContactPhone')}
                error={err('salesContactPhone')}
              />
            </Section>

            <Section id="primary-broker-information">
              <TextInput
                label="Primary broker company"
                {...form.register('primaryBrokerCompany', {
                  deps: ['salesContactName', 'salesContactEmail', 'primaryBrokerName', 'primaryBrokerEmail'],
                })}
                error={err('primaryBrokerCompany')}
              />
              <TextInput
                label="Primary broker name"
                {...form.register('primaryBrokerName', {
                  deps: ['salesContactName', 'salesContactEmail', 'primaryBrokerCompany', 'primaryBrokerEmail'],
                })}
                error={err('primaryBrokerName')}
              />
              <TextInput
                label="Primary broker title"
                {...form.register('primaryBrokerTitle')}
                error={err('primaryBrokerTitle')}
              />
              <TextInput
                label="Primary broker email"
                type="email"
                {...form.register('primaryBrokerEmail', {
                  deps: ['salesContactName', 'salesContactEmail', 'primaryBrokerName', 'primaryBrokerCompany'],
                })}
                error={err('primaryBrokerEmail')}
              />
              <TextInput
                label="Primary broker phone"
                type="tel"
                {...form.register('primaryBrokerPhone')}
                error={err('primaryBrokerPhone')}
              />
            </Section>

            <Section id="distribution">
              <Group grow align="flex-start">
                <Select
                  label="Primary distribution method"
                  required
                  {...selectProps}
                  data={(methods.data ?? []).map((m) => m.name)}
                  value={values.primaryDistributionMethod || null}
                  onChange={(v) => set({ primaryDistributionMethod: v ?? '' })}
                  onBlur={() => void form.trigger('primaryDistributionMethod')}
                  error={err('primaryDistributionMethod')}
                />
                <Select
                  label="Secondary distribution method"
                  clearable
                  {...selectProps}
                  data={(methods.data ?? []).map((m) => m.name)}
                  value={values.secondaryDistributionMethod || null}
                  onChange={(v) => set({ secondaryDistributionMethod: v ?? '' })}
                  clearButtonProps={{ 'aria-label': 'Clear the secondary distribution method' }}
                  error={err('secondaryDistributionMethod')}
                />
              </Group>
              <Radio.Group
                label="Distribution range"
                value={values.distributionRange ?? ''}
                onChange={(v) => set(chooseDistributionRange(form.getValues(), v as DistributionRange))}
                error={err('distributionRange')}
              >
                <Group mt="xs">
                  {DISTRIBUTION_RANGES.map((r) => (
                    <Radio key={r} value={r} label={DISTRIBUTION_RANGE_LABELS[r]} />
                  ))}
                </Group>
              </Radio.Group>
              {values.distributionRange === 'states' && (
                <MultiSelect
                  label="States"
                  required
                  {...selectProps}
                  data={options(distributionStates.data)}
                  value={values.distributionRangeStates}
                  onChange={(v) => set({ distributionRangeStates: v })}
                  onBlur={() => void form.trigger('distributionRangeStates')}
                  error={err('distributionRangeStates')}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear the selected states' }}
                />
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

function Section({ id, note, children }: { id: string; note?: string; children: ReactNode }) {
  const { label } = section(id);
  return (
    <Paper component="section" withBorder p="lg" id={id} aria-labelledby={`${id}-heading`} className={classes.section}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`${id}-heading`} tabIndex={-1}>
          {label}
        </Title>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** The file already stored for a field: a download link (and the logo itself), or 'No info found'. */
function StoredFile({
  profile,
  name,
  url,
  isLogo,
}: {
  profile: BrandProfile | null;
  name: string | null;
  url: string | null;
  isLogo: boolean;
}) {
  if (!profile || !name || !url) {
    return (
      <Text size="sm" c="dimmed" mt={4}>
        Current file: {BRAND_MSG.noInfo}
      </Text>
    );
  }
  return (
    <Group gap="sm" mt={4}>
      {isLogo && <Image src={`${url}&inline=1`} alt="Current brand logo" h={48} w="auto" fit="contain" />}
      <Text size="sm">
        Current file:{' '}
        <Anchor href={url} download={name}>
          {name}
        </Anchor>
      </Text>
    </Group>
  );
}
