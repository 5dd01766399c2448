import { useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import { formatMeasure, isAnyAdmin, SHIPPING_PROFILE_MSG, shippingProfilePolicy } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { stackedTable } from '../../ui/stacked-table.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { Page } from '../../ui/Page.tsx';
import { CompanySearch } from './CompanySearch.tsx';
import { ShippingProfileDialog } from './ShippingProfileDialog.tsx';
import { useShippingProfiles, type ShippingProfile } from './shipping-api.ts';
import { useAddressParams } from '../../ui/use-address-params.ts';

export const SHIPPING_PROFILES_HEADING = 'Shipping Profiles';
export const ADD_PROFILE = 'Add New Profile';
export const CHOOSE_COMPANY = 'Choose a company to see and edit its shipping profiles.';

const companyParam = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/** The path of a profile's assignments; administrators keep their company for the way back. */
export const assignmentsPath = (id: number) => `/shippingProfiles/${id}/assignments`;

const productCount = (p: ShippingProfile) =>
  p.associatedSubmissions.filter((a) => a.type !== 'IN_PROGRESS').reduce((sum, a) => sum + a.count, 0);

const dimensions = (p: ShippingProfile) =>
  [p.caseLength, p.caseWidth, p.caseHeight].every((m) => !m)
    ? ''
    : [p.caseLength, p.caseWidth, p.caseHeight].map((m) => formatMeasure(m) || '—').join(' × ');

const updatedBy = (p: ShippingProfile) =>
  [p.updatedByFirstName, p.updatedByLastName].filter(Boolean).join(' ') || p.updatedByEmail || '';

/** /shippingProfiles (part 2 section 2.7): the company's profiles, each editable; administrators pick the company. */
export function ShippingProfilesPage() {
  const user = useSignedInUser();
  const admin = isAnyAdmin(user);
  const [search, setSearch] = useAddressParams();
  const companyId = admin ? companyParam(search.get('companyId')) : null;
  const profiles = useShippingProfiles(companyId, !admin || companyId !== null);
  const [dialog, setDialog] = useState<{ profile: ShippingProfile | null } | null>(null);
  const mayAdd = shippingProfilePolicy.mayEdit(user, admin ? companyId : null);

  const chooseCompany = (id: number | null) =>
    setSearch({ companyId: id === null ? null : String(id) }, { replace: true });

  const rows = profiles.data ?? [];
  const body =
    admin && companyId === null ? (
      <Text>{CHOOSE_COMPANY}</Text>
    ) : (
      <DataTable
        query={profiles}
        loading="Loading shipping profiles…"
        failed="The shipping profiles could not be loaded. Please try again."
        empty={admin ? SHIPPING_PROFILE_MSG.emptyForCompany : SHIPPING_PROFILE_MSG.emptyForSupplier}
      >
        {() => (
          // A card per profile on a phone: its row actions (Edit, Assign products) are never off to the right.
          <Table.ScrollContainer minWidth={880} className={stackedTable.container}>
            <Table striped highlightOnHover className={stackedTable.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Count</Table.Th>
                  <Table.Th>Gross Weight</Table.Th>
                  <Table.Th>Net Weight</Table.Th>
                  <Table.Th>L × W × H</Table.Th>
                  <Table.Th>TI</Table.Th>
                  <Table.Th>HI</Table.Th>
                  <Table.Th>Products</Table.Th>
                  <Table.Th>Last updated</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td data-label="Name" fw={600}>
                      {p.name}
                    </Table.Td>
                    <Table.Td data-label="Count">{p.caseCount}</Table.Td>
                    <Table.Td data-label="Gross Weight">{formatMeasure(p.grossWeight)}</Table.Td>
                    <Table.Td data-label="Net Weight">{formatMeasure(p.netWeight)}</Table.Td>
                    <Table.Td data-label="L × W × H">{dimensions(p)}</Table.Td>
                    <Table.Td data-label="TI">{p.palletTiers ?? ''}</Table.Td>
                    <Table.Td data-label="HI">{p.palletLayers ?? ''}</Table.Td>
                    <Table.Td data-label="Products">{productCount(p)}</Table.Td>
                    <Table.Td data-label="Last updated">
                      {formatDateTime(p.updatedDate)}
                      {updatedBy(p) && (
                        <Text size="sm" c="dimmed">
                          by {updatedBy(p)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Actions">
                      <Group gap="xs" wrap="nowrap">
                        {p.can.edit && (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Edit ${p.name}`}
                            onClick={() => setDialog({ profile: p })}
                          >
                            Edit
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="subtle"
                          component={AppLink}
                          to={assignmentsPath(p.id) + (admin ? `?companyId=${p.companyId}` : '')}
                          aria-label={`Assign products to ${p.name}`}
                        >
                          Assign products
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DataTable>
    );

  return (
    <Page heading={SHIPPING_PROFILES_HEADING}>
      <Group justify="space-between" align="flex-end">
        {admin ? <CompanySearch value={companyId} onChange={chooseCompany} /> : <span />}
        {mayAdd && <Button onClick={() => setDialog({ profile: null })}>{ADD_PROFILE}</Button>}
      </Group>
      {body}
      <ShippingProfileDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        profile={dialog?.profile ?? null}
        companyId={companyId}
      />
    </Page>
  );
}
