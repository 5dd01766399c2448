import { Group, MultiSelect, Radio, Select, TextInput } from '@mantine/core';
import {
  chooseDistributionRange,
  DISTRIBUTION_RANGE_LABELS,
  DISTRIBUTION_RANGES,
  type DistributionRange,
} from '@portal/domain';
import { useDistributionMethods, useDistributionStates } from './brand-profile-api.ts';
import { options, Section, selectProps, type BrandFormParts } from './brand-form-parts.tsx';

/** The brand's investors, and whether it is raising investment. */
export function InvestmentStatusSection({ form, err }: BrandFormParts) {
  return (
    <Section id="investment-status">
      <TextInput label="Primary investor" {...form.register('primaryInvestor')} error={err('primaryInvestor')} />
      <TextInput label="Secondary investor" {...form.register('secondaryInvestor')} error={err('secondaryInvestor')} />
      <TextInput label="Raising investment" {...form.register('raisingInvestment')} error={err('raisingInvestment')} />
    </Section>
  );
}

/** The sales contact: with the primary broker, one of the two is needed (each field revalidates the other's). */
export function SalesContactSection({ form, err }: BrandFormParts) {
  return (
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
      <TextInput label="Sales contact title" {...form.register('salesContactTitle')} error={err('salesContactTitle')} />
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
  );
}

/** The primary broker: the alternative to a sales contact. */
export function PrimaryBrokerSection({ form, err }: BrandFormParts) {
  return (
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
  );
}

/** How the products are distributed, and how far (the states when it is some states). */
export function DistributionSection({ form, values, set, err }: BrandFormParts) {
  const methods = useDistributionMethods();
  const distributionStates = useDistributionStates();
  return (
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
  );
}
