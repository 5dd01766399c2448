import { Box, FileInput, Group, Radio, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { BRAND_FILE_ACCEPT, chooseCountry, chooseState, yearFoundedInput } from '@portal/domain';
import { useCities, useCountries, useStates, type BrandProfile } from './brand-profile-api.ts';
import { FILE_FIELDS, options, Section, selectProps, StoredFile, type BrandFormParts } from './brand-form-parts.tsx';

/** The brand's website, where it is based (country, then state, then city), when it was founded and its story. */
export function AboutYourBrandSection({ form, values, set, err }: BrandFormParts) {
  const countries = useCountries();
  const states = useStates(values.brandCountryCode);
  const cities = useCities(values.brandCountryCode, values.brandStateCode);
  return (
    <Section id="about-your-brand">
      <TextInput
        label="Brand website"
        required
        {...form.register('brandWebsiteUrl')}
        error={err('brandWebsiteUrl')}
        placeholder="https://"
      />
      {/* One under another on a phone: three side by side cut a state's name short ("Oregor…"). */}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
      </SimpleGrid>
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
      <Textarea label="Brand story" required rows={5} {...form.register('brandStory')} error={err('brandStory')} />
    </Section>
  );
}

/** The logo, one-sheet and sales deck (each a new file to send, beside the one stored) and a video link. */
export function MarketingMaterialsSection({
  form,
  set,
  err,
  profile,
}: BrandFormParts & { profile: BrandProfile | null }) {
  return (
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
                  f.kind === 'brand-logo' ? 'PNG, JPEG or GIF, under 15 MB.' : 'PDF, PNG, JPEG or GIF, under 15 MB.'
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
  );
}

/** The brand's social media profiles. */
export function SocialMediaSection({ form, err }: BrandFormParts) {
  return (
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
  );
}

/** Whether the brand offers samples. */
export function SamplesSection({ values, set, err }: BrandFormParts) {
  return (
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
  );
}
