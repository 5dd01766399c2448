import { useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { defaultLandingRoute, withPartner } from '@portal/domain';
import { AppNavigate } from '../partner/AppLink.tsx';
import { usePartnerId } from '../partner/partner-context.tsx';
import { clearPostLoginRoute, readPostLoginRoute, rememberPostLoginRoute } from '../session/post-login-route.ts';
import { useSession } from '../session/session-context.tsx';
import type { UserDetails } from '../session/user.ts';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { lazyComponent } from './lazy-load.ts';

// Loaded when first shown: a visitor's first page does not carry the signed-in shell, nor a user's the landing pages.
const LoggedInShell = lazyComponent(() => import('../features/shell/LoggedInShell.tsx'), 'LoggedInShell');
const MarketingLandingPage = lazyComponent(
  () => import('../features/landing/MarketingLandingPage.tsx'),
  'MarketingLandingPage',
);
const PartnerLandingPage = lazyComponent(
  () => import('../features/landing/PartnerLandingPage.tsx'),
  'PartnerLandingPage',
);
const SchedulePage = lazyComponent(() => import('../features/schedule/SchedulePage.tsx'), 'SchedulePage');
const PublicLayout = lazyComponent(() => import('../ui/PublicLayout.tsx'), 'PublicLayout');

export const preloadLoggedInShell = () => LoggedInShell.preload();

/** Layout route of every logged-in screen: the shell for users, the way out for visitors. */
export function RequireSession() {
  const { status } = useSession();
  if (status === 'unknown') {
    LoggedInShell.preload();
    return <FullPageLoader />;
  }
  if (status === 'unauthenticated') return <SendVisitorAway />;
  return (
    <LoggedInShell>
      <Outlet />
    </LoggedInShell>
  );
}

/** Layout route of login and password pages: a signed-in user continues into the app. */
export function GuestOnly() {
  const { status, user } = useSession();
  if (status === 'unknown') return <FullPageLoader />;
  if (user) return <ContinueAfterLogin user={user} />;
  return <Outlet />;
}

/** `/`: the landing page for visitors, the role's default screen for users. */
export function HomeRoute() {
  const { status, user } = useSession();
  const partnerId = usePartnerId();
  if (status === 'unknown') {
    (partnerId ? PartnerLandingPage : MarketingLandingPage).preload();
    return <FullPageLoader />;
  }
  if (user) return <AppNavigate to={defaultLandingRoute(user)} replace />;
  return partnerId ? <PartnerLandingPage /> : <MarketingLandingPage />;
}

/** `/schedule` is open to everyone: in the shell for users, in the public frame for visitors. */
export function ScheduleRoute() {
  const { status } = useSession();
  if (status === 'unknown') return <FullPageLoader />;
  if (status === 'authenticated') {
    return (
      <LoggedInShell>
        <SchedulePage />
      </LoggedInShell>
    );
  }
  return (
    <PublicLayout wide>
      <SchedulePage />
    </PublicLayout>
  );
}

/** Any path the app does not know. */
export function UnknownRoute() {
  const { status } = useSession();
  if (status === 'unknown') return <FullPageLoader />;
  if (status === 'unauthenticated') return <SendVisitorAway />;
  return <AppNavigate to="/" replace />;
}

/**
 * A visitor on a logged-in path: remember it for after login and go to the partner's
 * landing page or the login. Right after a logout, just go home.
 */
function SendVisitorAway() {
  const { endedBy } = useSession();
  const partnerId = usePartnerId();
  const location = useLocation();
  const loggedOut = endedBy === 'logout';
  useLayoutEffect(() => {
    if (!loggedOut) rememberPostLoginRoute(location.pathname + location.search + location.hash);
  }, [loggedOut, location.pathname, location.search, location.hash]);
  const target = loggedOut || partnerId ? withPartner('/', partnerId) : '/login';
  return <Navigate to={target} replace />;
}

/** After login: the remembered route, else the partner's page, else `/` (part 1 section 4). */
function ContinueAfterLogin({ user }: { user: UserDetails }) {
  const partnerId = usePartnerId() ?? user.sessionPartnerCompanyId ?? null;
  const [target] = useState(() => readPostLoginRoute() ?? withPartner('/', partnerId));
  useLayoutEffect(() => clearPostLoginRoute(), []);
  return <Navigate to={target} replace />;
}
