import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Anchor, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { BRAND_MSG, BRAND_PROFILE_SECTIONS, type BrandFileKind, type BrandProfileFormValues } from '@portal/domain';
import type { BrandProfile } from './brand-profile-api.ts';
import classes from './brand-profile.module.css';

/** What every section of the brand profile form works with. */
export interface BrandFormParts {
  form: UseFormReturn<BrandProfileFormValues>;
  /** The values as they are now (watched). */
  values: BrandProfileFormValues;
  /** Sets fields as the user would: dirty, touched and validated. */
  set: (patch: Partial<BrandProfileFormValues>) => void;
  /** A field's message, if it has one. */
  err: (name: keyof BrandProfileFormValues) => ReactNode;
}

export const FILE_FIELDS = [
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

export const selectProps = {
  nothingFoundMessage: BRAND_MSG.noInfo,
  searchable: true,
  comboboxProps: { withinPortal: true },
};
export const options = (list: { code: string; name: string }[] | undefined) =>
  (list ?? []).map((o) => ({ value: o.code, label: o.name }));

const section = (id: string) => BRAND_PROFILE_SECTIONS.find((s) => s.id === id)!;

/** One section of the form: its heading (where the section menu moves focus), an optional note, its fields. */
export function Section({ id, note, children }: { id: string; note?: string; children: ReactNode }) {
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
export function StoredFile({
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
