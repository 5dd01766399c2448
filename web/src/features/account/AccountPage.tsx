import { Outlet, useLocation, useNavigate } from 'react-router';
import { Anchor, Tabs } from '@mantine/core';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { Page } from '../../ui/Page.tsx';

const TABS = [
  { value: 'information', label: 'Account information' },
  { value: 'password', label: 'Password settings' },
] as const;

/** /account with its two tabs as child routes. */
export function AccountPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const active = pathname.endsWith('/password') ? 'password' : 'information';

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
