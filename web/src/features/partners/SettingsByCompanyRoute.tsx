import { useParams } from 'react-router';
import { AppNavigate } from '../../partner/AppLink.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { usePartnerConfigurations } from './partners-api.ts';

/**
 * /settings/company/:companyId: a partner's settings by its company id (the id staff know, shown in the header and on
 * the landing page's address). The spec's /settings/{partnerConfigurationId} stays the page's address; this sends
 * there, or to /settings when the company has no configuration (as a missing configuration does).
 */
export function SettingsByCompanyRoute() {
  const companyId = Number(useParams().companyId);
  const configurations = usePartnerConfigurations();
  if (configurations.isPending) return <FullPageLoader />;
  const found = configurations.data?.find((c) => c.companyId === companyId);
  return <AppNavigate to={found ? `/settings/${found.id}` : '/settings'} replace />;
}
