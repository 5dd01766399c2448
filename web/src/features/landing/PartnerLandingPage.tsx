import { Navigate } from 'react-router';
import { titleCase } from '@portal/domain';
import { usePartnerId, usePartnerPath } from '../../partner/partner-context.tsx';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { SIGN_UP_URL } from '../../config/links.ts';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { NotificationBanner } from '../../ui/banner/NotificationBanner.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { PartnerButton, PartnerLandingView } from './PartnerLandingView.tsx';

/** /{partnerId} for visitors: the co-branded landing page of that partner. */
export function PartnerLandingPage() {
  const partnerId = usePartnerId();
  const partnerPath = usePartnerPath();
  const { data: config, isPending, isError } = usePartnerConfiguration(partnerId);
  usePageTitle(config ? titleCase(config.companyName) : undefined);

  if (isPending) return <FullPageLoader />;
  // Unknown partner: the partner is dropped and the visitor goes to the plain login.
  if (isError) return <Navigate to="/login" replace />;
  // A known partner without a landing page still has its co-branded login.
  if (!config.landingPageEnabled) return <Navigate to={partnerPath('/login')} replace />;

  return (
    <PartnerLandingView
      config={config}
      banner={<NotificationBanner />}
      actions={
        <>
          <PartnerButton to="/login">Log in</PartnerButton>
          <PartnerButton href={SIGN_UP_URL}>Create account</PartnerButton>
        </>
      }
    />
  );
}
