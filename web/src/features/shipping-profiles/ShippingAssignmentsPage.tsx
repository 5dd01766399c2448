import { useEffect, useId, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  formatMeasure,
  isAnyAdmin,
  isItemStatus,
  SHIPPING_ASSIGNMENT_PAGE_SIZE,
  SHIPPING_PROFILE_LABELS,
  SHIPPING_PROFILE_MSG,
  statusDisplayName,
  UNNAMED,
  plural,
} from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import {
  postAssignments,
  shippingChanged,
  shippingKeys,
  useShippingProfile,
  useShippingProfileProducts,
  type ShippingProfile,
  type ShippingProfileProduct,
} from './shipping-api.ts';

export const BACK_TO_PROFILES = 'Back to Shipping Profiles';
export const SAVE_ITEMS = 'Save Items';
export const NO_PRODUCTS = 'Your company has no products yet. Products you submit appear here to be assigned.';
export const PROFILE_NOT_FOUND = "We couldn't find this shipping profile. It may belong to another company.";

const statusName = (status: string) => (isItemStatus(status) ? statusDisplayName(status) : status);

/** The profile's metrics beside the product list: Count, Tiers, High, then the weights and dimensions. */
function Metrics({ profile }: { profile: ShippingProfile }) {
  const headingId = useId();
  const rows: [string, string | number][] = [
    [SHIPPING_PROFILE_LABELS.caseCount, profile.caseCount],
    [SHIPPING_PROFILE_LABELS.palletTiers, profile.palletTiers ?? '—'],
    [SHIPPING_PROFILE_LABELS.palletLayers, profile.palletLayers ?? '—'],
    [SHIPPING_PROFILE_LABELS.grossWeight, formatMeasure(profile.grossWeight) || '—'],
    [SHIPPING_PROFILE_LABELS.netWeight, formatMeasure(profile.netWeight) || '—'],
    [SHIPPING_PROFILE_LABELS.caseLength, formatMeasure(profile.caseLength) || '—'],
    [SHIPPING_PROFILE_LABELS.caseWidth, formatMeasure(profile.caseWidth) || '—'],
    [SHIPPING_PROFILE_LABELS.caseHeight, formatMeasure(profile.caseHeight) || '—'],
  ];
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        Profile metrics
      </Title>
      <Table withTableBorder withRowBorders variant="vertical" aria-labelledby={headingId}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={140}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/**
 * /shippingProfiles/{id}/assignments (part 2 sections 2.7 and 4): the company's products with a checkbox each, 8 per
 * page. Ticking and unticking collects pending changes (kept across pages) that Save Items sends in one request and
 * Cancel throws away, reloading the list.
 */
export function ShippingAssignmentsPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const user = useSignedInUser();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const profile = useShippingProfile(id);
  const products = useShippingProfileProducts(id);
  const [pending, setPending] = useState<Map<string, boolean>>(new Map());
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState(false);
  const listId = useId();

  const backPath =
    '/shippingProfiles' + (isAnyAdmin(user) && search.get('companyId') ? `?companyId=${search.get('companyId')}` : '');
  const back = (
    <Anchor component={AppLink} to={backPath}>
      ← {BACK_TO_PROFILES}
    </Anchor>
  );

  const rows = useMemo(() => products.data ?? [], [products.data]);
  const pages = Math.max(1, Math.ceil(rows.length / SHIPPING_ASSIGNMENT_PAGE_SIZE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const shown = rows.slice((page - 1) * SHIPPING_ASSIGNMENT_PAGE_SIZE, page * SHIPPING_ASSIGNMENT_PAGE_SIZE);

  if (profile.isError || products.isError) {
    return (
      <Page heading="Shipping Profile Assignments" before={back}>
        <Alert color="red">{PROFILE_NOT_FOUND}</Alert>
      </Page>
    );
  }
  if (!profile.data || !products.data) {
    return (
      <Page heading="Shipping Profile Assignments" before={back}>
        <Group role="status" gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Loading the shipping profile…</Text>
        </Group>
      </Page>
    );
  }

  const canEdit = profile.data.can.edit;
  const checked = (p: ShippingProfileProduct) => pending.get(p.upc) ?? p.associated;
  const toggle = (p: ShippingProfileProduct, value: boolean) =>
    setPending((current) => {
      const next = new Map(current);
      // Back to what is saved: no longer a change.
      if (value === p.associated) next.delete(p.upc);
      else next.set(p.upc, value);
      return next;
    });

  const cancel = () => {
    setPending(new Map());
    void queryClient.invalidateQueries({ queryKey: shippingKeys.products(id) });
  };

  const save = async () => {
    setSaving(true);
    try {
      const updated = await postAssignments(id, Object.fromEntries(pending));
      queryClient.setQueryData(shippingKeys.products(id), updated);
      setPending(new Map());
      toast.success(SHIPPING_PROFILE_MSG.updatesApplied);
      void shippingChanged(queryClient);
    } catch {
      // The generic handling has told the user; the pending changes stay for another try.
    } finally {
      setSaving(false);
    }
  };

  const changes = pending.size;
  return (
    <Page heading={`Assign products to ${profile.data.name}`} title="Shipping Profile Assignments" before={back}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {rows.length === 0 ? (
              <Text>{NO_PRODUCTS}</Text>
            ) : (
              <>
                <Table.ScrollContainer minWidth={420}>
                  <Table striped aria-describedby={listId}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={80}>Assigned</Table.Th>
                        <Table.Th>UPC</Table.Th>
                        <Table.Th>Product Name</Table.Th>
                        <Table.Th>Status</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {shown.map((p) => (
                        <Table.Tr key={p.upc} data-changed={pending.has(p.upc) || undefined}>
                          <Table.Td>
                            <Checkbox
                              aria-label={`Assign ${p.upc}${p.name ? `, ${p.name}` : ''}`}
                              aria-describedby={p.otherProfileName ? `${listId}-${p.upc}` : undefined}
                              checked={checked(p)}
                              disabled={!canEdit || saving}
                              onChange={(e) => toggle(p, e.currentTarget.checked)}
                            />
                          </Table.Td>
                          <Table.Td>{p.upc}</Table.Td>
                          <Table.Td>
                            {p.name ?? UNNAMED}
                            {p.otherProfileName && (
                              // A product has one profile: ticking it here takes it from the other (issue 17 item 16).
                              <Text
                                id={`${listId}-${p.upc}`}
                                size="sm"
                                c={checked(p) ? undefined : 'dimmed'}
                                fw={checked(p) ? 600 : undefined}
                              >
                                {checked(p)
                                  ? SHIPPING_PROFILE_MSG.savingMoves(p.otherProfileName)
                                  : SHIPPING_PROFILE_MSG.inOtherProfile(p.otherProfileName)}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>{statusName(p.status)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Text id={listId} size="sm" c="dimmed" aria-live="polite">
                  {plural(rows.length, 'product')}, {rows.filter(checked).length} assigned to this profile
                  {changes ? `; ${plural(changes, 'unsaved change')}` : ''}.
                </Text>
                {pages > 1 && (
                  <Group component="nav" aria-label="Pages of products">
                    <Pagination
                      total={pages}
                      value={page}
                      onChange={setPage}
                      getItemProps={(p) => ({
                        'aria-label': `Page ${p}`,
                        'aria-current': p === page ? 'page' : undefined,
                      })}
                      getControlProps={(control) => ({
                        'aria-label': {
                          first: 'First page',
                          previous: 'Previous page',
                          next: 'Next page',
                          last: 'Last page',
                        }[control],
                      })}
                    />
                  </Group>
                )}
              </>
            )}
            {canEdit && (
              <Group>
                <Button variant="default" onClick={cancel} disabled={!changes || saving}>
                  Cancel
                </Button>
                <Button onClick={() => void save()} disabled={!changes || saving}>
                  {saving ? 'Saving...' : SAVE_ITEMS}
                </Button>
              </Group>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Metrics profile={profile.data} />
        </Grid.Col>
      </Grid>
    </Page>
  );
}
