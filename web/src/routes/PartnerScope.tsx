import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { parsePartnerSegment } from '@portal/domain';
import { PartnerProvider } from '../partner/partner-context.tsx';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { PartnerTheme } from '../partner/partner-theme.ts';
import { UnknownRoute } from './session-routes.tsx';

/**
 * The layout route `/:partnerId?`: the one place the partner segment is read.
 * A first segment that is not a partner id is just an unknown path.
 */
export function PartnerScope() {
  const { partnerId: segment } = useParams();
  const partnerId = parsePartnerSegment(segment);
  if (segment !== undefined && partnerId === null) {
    return (
      <PartnerProvider partnerId={null}>
        <UnknownRoute />
      </PartnerProvider>
    );
  }
  return (
    <PartnerProvider partnerId={partnerId}>
      <PartnerTheme />
      {/* For the parts a route picks at render time (shell, landing pages), loaded lazily. */}
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </PartnerProvider>
  );
}
