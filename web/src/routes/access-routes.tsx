import type { ReactNode } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import type { FeatureFlag } from '@portal/domain';
import { ForbiddenPage } from '../features/errors/ForbiddenPage.tsx';
import { AppNavigate } from '../partner/AppLink.tsx';
import { useSession, useSignedInUser } from '../session/session-context.tsx';
import type { UserDetails } from '../session/user.ts';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';

/** Layout route for a role-restricted area; others see the 403 message or go elsewhere. */
export function RequireAccess({
  allow,
  otherwise = <ForbiddenPage />,
}: {
  allow: (user: UserDetails) => boolean;
  otherwise?: ReactNode;
}) {
  const user = useSignedInUser();
  return allow(user) ? <Outlet /> : <>{otherwise}</>;
}

/** Layout route for a feature-flagged area: without the flag the route does not exist. */
export function RequireFlag({ flag }: { flag: FeatureFlag }) {
  const { flagsLoaded, hasFlag } = useSession();
  if (!flagsLoaded) return <FullPageLoader />;
  return hasFlag(flag) ? <Outlet /> : <AppNavigate to="/" replace />;
}

/** Redirect to `to`, keeping the rest of the path (the splat) and the query. */
export function RedirectKeepingRest({ to }: { to: string }) {
  const { '*': rest } = useParams();
  const { search } = useLocation();
  return <AppNavigate to={`${rest ? `${to}/${rest}` : to}${search}`} replace />;
}
