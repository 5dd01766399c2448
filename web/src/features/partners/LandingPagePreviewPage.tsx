import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { titleCase } from '@portal/domain';
import { AppLink, AppNavigate } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { PartnerButton, PartnerLandingView } from '../landing/PartnerLandingView.tsx';
import { configurationIdParam } from './PartnerConfigurationPage.tsx';
import { useSettingsConfiguration } from './partners-api.ts';

/** /settings/{id}/landing-page: a view-only preview of the partner's landing page; a missing one goes to /settings. */
export function LandingPagePreviewPage() {
  const id = configurationIdParam(useParams().id);
  const config = useSettingsConfiguration(id);
  if (id === null || config.isError) return <AppNavigate to="/settings" replace />;
  const back = (
    <Anchor component={AppLink} to={`/settings/${id}`}>
      ← Back to Customize New Item Intake
    </Anchor>
  );
  if (config.isPending) {
    return (
      <Page heading="Landing page preview" before={back}>
        <Loader aria-label="Loading the landing page" />
      </Page>
    );
  }
  const partner = titleCase(config.data.companyName);
  return (
    <Page heading={`Landing page preview: ${partner}`} title="Landing page preview" before={back}>
      <Group justify="space-between">
        <Text>
          View only.{' '}
          {config.data.landingPageEnabled
            ? 'Visitors see this page'
            : 'The landing page is off: visitors go to the login'}{' '}
          at{' '}
          <Text span ff="monospace">
            /{config.data.companyId}
          </Text>
          .
        </Text>
        <Button component={AppLink} to={`/settings/${id}`} variant="outline">
          Customize
        </Button>
      </Group>
      {/* Inert: the preview's buttons look as they will but do nothing here. */}
      <div inert>
        <PartnerLandingView
          config={config.data}
          preview
          actions={
            <>
              <PartnerButton href="#">Log in</PartnerButton>
              <PartnerButton href="#">Create account</PartnerButton>
            </>
          }
        />
      </div>
    </Page>
  );
}
