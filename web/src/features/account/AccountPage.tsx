import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSignedInUser } from '../../session/session-context.tsx';
import type { UserDetails } from '../../session/user.ts';
import { Anchor, Tabs } from '@mantine/core';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { Page } from '../../ui/Page.tsx';

const ALL_TABS = [
  { value: 'information', label: 'Account information', passwordAccountsOnly: true },
  { value: 'password', label: 'Password settings', passwordAccountsOnly: true },
  { value: 'api-tokens', label: 'API tokens', passwordAccountsOnly: false },
  { value: 'notifications', label: 'E-mail', passwordAccountsOnly: false },
] as const;

/** Details and password are kept here only for accounts with a password of ours; API tokens for everyone. */
const tabsFor = (user: Pick<UserDetails, 'isAuth0User'>) =>
  ALL_TABS.filter((t) => user.isAuth0User || !t.passwordAccountsOnly);

/** /account: the first tab this user has. */
export function AccountIndexRedirect() {
  return <Navigate to={tabsFor(useSignedInUser())[0].value} replace />;
}

/** /account with its tabs as child routes. */
export function AccountPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const TABS = tabsFor(useSignedInUser());
  const active = TABS.find((t) => pathname.endsWith(`/${t.value}`))?.value ?? TABS[0].value;

  return (
    <Page
      heading="Account"
      title={TABS.find((t) => t.value === active)?.label}
      before={
        <Anchor component={AppLink} to="/">
          ← Back
        </Anchor>
      }
    >
      <Tabs value={active} onChange={(tab) => tab && navigate(partnerPath(`/account/${tab}`))}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
            {tab.value === active && <Outlet />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}
