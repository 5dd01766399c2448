import { useNavigate } from 'react-router';
import { Button, Menu } from '@mantine/core';
import { MENU_FADE_MS, MENU_ITEM_HEIGHT_PX, MENU_WIDTH_PX } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession, useSignedInUser } from '../../session/session-context.tsx';
import { accountMenuItems, accountMenuLabel, type AccountMenuItem } from './account-menu-items.ts';

const NEW_TAB = <span className="visually-hidden"> (opens in a new tab)</span>;

/** The account menu at the top right of the logged-in shell. */
export function AccountMenu() {
  const user = useSignedInUser();
  const session = useSession();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();

  const logout = async () => {
    await session.signOut();
    void navigate(partnerPath('/'), { replace: true });
  };

  const renderItem = (item: AccountMenuItem) => {
    switch (item.kind) {
      case 'route':
        return (
          <Menu.Item key={item.label} component={AppLink} to={item.to}>
            {item.label}
          </Menu.Item>
        );
      case 'route-new-tab':
        return (
          <Menu.Item key={item.label} component="a" href={partnerPath(item.to)} target="_blank" rel="noopener">
            {item.label}
            {NEW_TAB}
          </Menu.Item>
        );
      case 'file-new-tab':
        return (
          <Menu.Item key={item.label} component="a" href={item.href} target="_blank" rel="noopener">
            {item.label}
            {NEW_TAB}
          </Menu.Item>
        );
      case 'logout':
        return (
          <Menu.Item key={item.label} onClick={logout}>
            {item.label}
          </Menu.Item>
        );
    }
  };

  return (
    <Menu
      width={MENU_WIDTH_PX}
      position="bottom-end"
      transitionProps={{ transition: 'fade', duration: MENU_FADE_MS }}
      // A minimum, not a fixed height: a label that needs two lines (a wider typeface, a translation) grows its item
      // instead of spilling over its edges.
      styles={{ item: { minHeight: MENU_ITEM_HEIGHT_PX, overflowWrap: 'anywhere' } }}
    >
      <Menu.Target>
        <Button variant="default" rightSection={<span aria-hidden>▾</span>} style={{ flexShrink: 0 }}>
          {accountMenuLabel(user)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{accountMenuItems(user, session.flags).map(renderItem)}</Menu.Dropdown>
    </Menu>
  );
}
