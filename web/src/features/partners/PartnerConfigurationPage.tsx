import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { PhotoChecksSection } from './PhotoChecksSection.tsx';
import { isValidSla, ReviewWorkflowSection } from './ReviewWorkflowSection.tsx';
import {
  Anchor,
  Button,
  ColorInput,
  Divider,
  FileInput,
  Group,
  Image,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  hasRequiredFlag,
  hasVisibleFlag,
  PARTNER_FIELD_LABELS,
  PARTNER_FIELD_SECTIONS,
  partnerColoursFormSchema,
  partnerLogoProblem,
  setRequired,
  setVisible,
  titleCase,
  type FieldRules,
  type PartnerField,
  type SectionFlag,
} from '@portal/domain';
import { AppLink, AppNavigate } from '../../partner/AppLink.tsx';
import { partnerLogoUrl } from '../../partner/partner-configuration.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import {
  formValuesFrom,
  isValidLine,
  sameInput,
  useSavePartnerConfiguration,
  useSettingsConfiguration,
  type SettingsConfiguration,
  type SettingsFormValues,
} from './partners-api.ts';

/**
 * The readiness rule editor checks rules with the shared zod schema: loaded after the settings form, so the page's
 * first paint does not wait for the schemas on a slow connection.
 */
const ReadinessRulesSection = lazy(() =>
  import('./ReadinessRulesSection.tsx').then((m) => ({ default: m.ReadinessRulesSection })),
);

export const LOGO_HELP = 'Upload logo with transparent or white background';
export const SAVED_MESSAGE = 'Partner configuration saved';
export const SAVE_FAILED_MESSAGE = 'Unable to save the partner configuration';

/** The numeric id of the route, or null for anything else. */
export function configurationIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /settings/{id}: 'Customize New Item Intake'. An unknown configuration sends the user to /settings. */
export function PartnerConfigurationPage() {
  const id = configurationIdParam(useParams().id);
  const config = useSettingsConfiguration(id);
  if (id === null || config.isError) return <AppNavigate to="/settings" replace />;
  if (config.isPending) {
    return (
      <Page heading="Customize New Item Intake">
        <Loader aria-label="Loading the partner configuration" />
      </Page>
    );
  }
  return <PartnerConfigurationForm key={config.data.id} config={config.data} />;
}

export function PartnerConfigurationForm({ config }: { config: SettingsConfiguration }) {
  const save = useSavePartnerConfiguration(config.id);
  const [saved, setSaved] = useState<SettingsFormValues>(() => formValuesFrom(config));
  const [values, setValues] = useState<SettingsFormValues>(saved);
  const [logo, setLogo] = useState<File | null>(null);
  const [touched, setTouched] = useState<{ primaryColor?: boolean; secondaryColor?: boolean }>({});
  const [logoKey, setLogoKey] = useState(0);
  // The save this form's values were made from; each save of its own moves it on.
  const [lastUpdatedDate, setLastUpdatedDate] = useState(config.updatedDate);

  const colours = partnerColoursFormSchema.safeParse(values);
  const colourError = (field: 'primaryColor' | 'secondaryColor') =>
    touched[field] ? colours.error?.issues.find((i) => i.path[0] === field)?.message : undefined;
  const logoProblem = logo ? partnerLogoProblem(logo) : null;
  const valid =
    colours.success && !logoProblem && isValidLine(values.minImageLongSidePx) && isValidSla(values.reviewSlaHours);
  const changed = !sameInput(values, saved) || logo !== null;
  const partner = titleCase(config.companyName);
  const currentLogo = partnerLogoUrl(config);

  const setRules = (change: (rules: FieldRules) => FieldRules) => setValues((v) => ({ ...v, rules: change(v.rules) }));

  const onSave = () => {
    if (!valid || !changed || save.isPending) return;
    const sent = values;
    save.mutate(
      { values: sent, logo, lastUpdatedDate },
      {
        onSuccess: (stored) => {
          setLastUpdatedDate(stored.updatedDate);
          setSaved(sent);
          setLogo(null);
          setLogoKey((k) => k + 1);
          toast.success(SAVED_MESSAGE);
        },
        onError: (error) =>
          toast.error(error.message ? `${SAVE_FAILED_MESSAGE}: ${error.message}` : SAVE_FAILED_MESSAGE),
      },
    );
  };

  return (
    <Page
      heading="Customize New Item Intake"
      before={
        <Anchor component={AppLink} to="/settings">
          ← Back to Settings
        </Anchor>
      }
    >
      <Text size="lg">
        {partner} (company {config.companyId})
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <Stack gap="lg">
          <Group align="start" gap="lg">
            <ColorInput
              label="Primary colour"
              description="Landing page, login panel and header"
              required
              format="hex"
              fixOnBlur={false}
              withEyeDropper={false}
              value={values.primaryColor}
              onChange={(primaryColor) => setValues((v) => ({ ...v, primaryColor }))}
              onBlur={() => setTouched((t) => ({ ...t, primaryColor: true }))}
              error={fieldError(colourError('primaryColor'))}
              w={260}
            />
            <ColorInput
              label="Button colour"
              description="Landing page buttons; empty: black"
              format="hex"
              fixOnBlur={false}
              withEyeDropper={false}
              value={values.secondaryColor}
              onChange={(secondaryColor) => setValues((v) => ({ ...v, secondaryColor }))}
              onBlur={() => setTouched((t) => ({ ...t, secondaryColor: true }))}
              error={fieldError(colourError('secondaryColor'))}
              w={260}
            />
          </Group>

          <Group align="end" gap="lg">
            {currentLogo && (
              <Image src={currentLogo} alt={`Current logo of ${partner}`} h={56} w="auto" fit="contain" />
            )}
            <FileInput
              key={logoKey}
              label="Logo"
              description={LOGO_HELP}
              placeholder={currentLogo ? 'Choose a new logo' : 'Choose a logo'}
              accept="image/png,image/jpeg,image/gif"
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen logo' }}
              value={logo}
              onChange={setLogo}
              error={fieldError(logoProblem ?? undefined)}
              w={360}
              maw="100%"
            />
          </Group>

          <Switch
            label="Landing page"
            checked={values.landingPageEnabled}
            onChange={(event) => {
              const landingPageEnabled = event.currentTarget.checked;
              setValues((v) => ({ ...v, landingPageEnabled }));
            }}
          />

          {Object.entries(PARTNER_FIELD_SECTIONS).map(([key, section]) => (
            <FieldSection
              key={key}
              id={key}
              title={section.title}
              flag={section.flag}
              fields={section.fields}
              rules={values.rules}
              onRules={setRules}
            />
          ))}

          <PhotoChecksSection
            blocking={values.blockingPhotoChecks}
            onChange={(blockingPhotoChecks) => setValues((v) => ({ ...v, blockingPhotoChecks }))}
            minLongSidePx={values.minImageLongSidePx}
            onMinLongSide={(minImageLongSidePx) => setValues((v) => ({ ...v, minImageLongSidePx }))}
          />

          <ReviewWorkflowSection values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />

          <Group>
            <Button type="submit" disabled={!valid || !changed || save.isPending}>
              {save.isPending ? 'Saving' : 'Save'}
            </Button>
            <Button component={AppLink} to={`/settings/${config.id}/landing-page`} variant="outline">
              View landing page
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider my="xl" />
      <Suspense fallback={<Loader size="sm" aria-label="Loading the readiness rules" />}>
        <ReadinessRulesSection partnerCompanyId={config.companyId} />
      </Suspense>
    </Page>
  );
}

interface FieldSectionProps {
  id: string;
  title: string;
  flag: SectionFlag | null;
  fields: readonly PartnerField[];
  rules: FieldRules;
  onRules: (change: (rules: FieldRules) => FieldRules) => void;
}

/** One section's table of visible and required switches; the section switch disables its fields (part 2 section 4). */
function FieldSection({ id, title, flag, fields, rules, onRules }: FieldSectionProps) {
  const headingId = `section-${id}`;
  const sectionOn = flag ? (rules[flag]?.visible ?? true) : true;
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {flag && (
          <Switch
            label={`Show ${title} fields`}
            checked={sectionOn}
            onChange={(event) => {
              const visible = event.currentTarget.checked;
              onRules((r) => ({ ...r, [flag]: { visible } }));
            }}
          />
        )}
      </Group>
      <Table aria-labelledby={headingId} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col" w={140}>
              Visible
            </Table.Th>
            <Table.Th scope="col" w={140}>
              Required
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const label = PARTNER_FIELD_LABELS[field];
            return (
              <Table.Tr key={field}>
                <Table.Th scope="row" fw={400}>
                  {label}
                </Table.Th>
                <Table.Td>
                  {hasVisibleFlag(field) ? (
                    <Switch
                      aria-label={`${label} visible`}
                      checked={rules[field]?.visible ?? true}
                      disabled={!sectionOn}
                      onChange={(event) => {
                        const visible = event.currentTarget.checked;
                        onRules((r) => setVisible(r, field, visible));
                      }}
                    />
                  ) : (
                    <Text size="sm">Always</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {hasRequiredFlag(field) ? (
                    <Switch
                      aria-label={`${label} required`}
                      checked={rules[field]?.required ?? true}
                      disabled={!sectionOn}
                      onChange={(event) => {
                        const required = event.currentTarget.checked;
                        onRules((r) => setRequired(r, field, required));
                      }}
                    />
                  ) : (
                    <Text size="sm">Never</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}
