import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Text, Title } from '@mantine/core';
import { PEOPLE_MSG, SCOPES } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { InvitePersonForm } from './InvitePersonForm.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import { fetchCompanyPeople, inviteCompanyUser, peopleKeys } from './people-api.ts';

const COMPANY_SCOPE_OPTIONS = [{ value: SCOPES.writeWebhooks, label: "Manage the company's webhooks" }];

/** /people/companies/:companyId (administrators): a supplier company's users, and an invitation for a new one. */
export function CompanyPeoplePage() {
  const companyId = Number(useParams().companyId);
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: peopleKeys.company(companyId),
    queryFn: () => fetchCompanyPeople(companyId),
    enabled: Number.isInteger(companyId) && companyId > 0,
    retry: false,
  });
  const back = (
    <Anchor component={AppLink} to="/people">
      ← People
    </Anchor>
  );
  if (detail.isError || !(companyId > 0))
    return (
      <Page heading="Company" before={back}>
        <Text role="alert">{PEOPLE_MSG.companyNotFound}</Text>
      </Page>
    );
  if (detail.isPending)
    return (
      <Page heading="Company" before={back}>
        <Text>Loading…</Text>
      </Page>
    );
  const { company, users } = detail.data;
  return (
    <Page heading={company.name} before={back}>
      <Text>Company Id {company.id}</Text>
      <Title order={2} size="h3">
        Users
      </Title>
      <PeopleTable people={users} caption={`Users of ${company.name}`} />
      <Title order={2} size="h3">
        Invite a user
      </Title>
      <InvitePersonForm
        kind="company"
        scopes={COMPANY_SCOPE_OPTIONS}
        submitLabel="Invite user"
        onInvite={async (input) => {
          await inviteCompanyUser(companyId, input);
          void queryClient.invalidateQueries({ queryKey: ['people'] });
        }}
      />
    </Page>
  );
}
