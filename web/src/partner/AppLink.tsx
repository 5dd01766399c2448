import { forwardRef } from 'react';
import { Link, Navigate, type LinkProps, type NavigateProps } from 'react-router';
import { usePartnerPath } from './partner-context.tsx';

/** A router link whose `to` is relative to the partner root (e.g. "/activity"). */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(function AppLink(
  { to, ...rest },
  ref,
) {
  const partnerPath = usePartnerPath();
  return <Link ref={ref} to={partnerPath(to)} {...rest} />;
});

/** A redirect whose `to` is relative to the partner root. */
export function AppNavigate({ to, ...rest }: NavigateProps & { to: string }) {
  const partnerPath = usePartnerPath();
  return <Navigate to={partnerPath(to)} {...rest} />;
}
