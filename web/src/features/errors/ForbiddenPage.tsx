import { Anchor, Text } from '@mantine/core';
import { MSG } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';

/** A route the user's role does not reach: the spec's 403 message, in place. */
export function ForbiddenPage() {
  return (
    <Page heading="Page not available">
      <Text role="alert">{MSG.forbidden}</Text>
      <Anchor component={AppLink} to="/">
        Go to your home page
      </Anchor>
    </Page>
  );
}
