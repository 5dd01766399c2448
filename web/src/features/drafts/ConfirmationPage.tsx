import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { DEFAULT_PAGE_TITLE, plural, titleCase } from '@portal/domain';
import { trackSubmittedCounts } from '../../analytics/analytics.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerId } from '../../partner/partner-context.tsx';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { useSignedInUser } from '../../session/session-context.tsx';
import { Page } from '../../ui/Page.tsx';
import { useFocusHeading } from '../../ui/use-focus-heading.ts';
import { readSubmissionIds } from './drafts-api.ts';

/** What step 2 hands the confirmation after a successful submit. */
export interface ConfirmationState {
  submissionIds: string[];
  /** Distinct UPCs (EAN-13) submitted: one product each. */
  upcCount: number;
  fileCount: number;
}

/** 'the provider has received N product(s)' (part 1 section 2), the provider being this portal; N in words as 1 product, 2 products. */
export const receivedText = (count: number) => `${DEFAULT_PAGE_TITLE} has received ${plural(count, 'product')}.`;
export const REVIEW_NOTE = 'The information is being reviewed by automated systems and/or staff.';

const TRACKED_KEY = 'productHub.submittedCountsSent.';

/** Sends the analytics event once per submitted draft, not again when the page is reloaded. */
function useSubmittedCountsEvent(draftId: string, state: ConfirmationState | null) {
  useEffect(() => {
    if (!state) return;
    const key = TRACKED_KEY + draftId;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // Without storage the event may repeat on a reload; it is still sent.
    }
    trackSubmittedCounts({ upcCount: state.upcCount, fileCount: state.fileCount });
  }, [draftId, state]);
}

/** /upload/draft/:id/confirmation: what was received, and where to go next. */
export function ConfirmationPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const state = (location.state as ConfirmationState | null) ?? null;
  const submissionIds = state?.submissionIds ?? readSubmissionIds();
  const user = useSignedInUser();
  const routePartnerId = usePartnerId();
  const partnerCompanyId = user.sessionPartnerCompanyId ?? routePartnerId;
  const partner = usePartnerConfiguration(partnerCompanyId);
  useSubmittedCountsEvent(id, state);
  useFocusHeading();

  const editMultiple = `/edit-multiple?productSubmissionIds=${submissionIds.map(encodeURIComponent).join(',')}`;

  return (
    <Page heading="Confirmation">
      <Text size="lg">{receivedText(submissionIds.length)}</Text>
      <Text>{REVIEW_NOTE}</Text>
      <Group gap="sm">
        <Button component={AppLink} to="/activity" variant={partner.data ? 'default' : 'filled'}>
          Go to Activity Page
        </Button>
        {partner.data && submissionIds.length > 0 && (
          <Button component={AppLink} to={editMultiple}>
            Continue with Submission to {titleCase(partner.data.companyName)}
          </Button>
        )}
      </Group>
    </Page>
  );
}
