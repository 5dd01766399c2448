import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { needsVendorAuthorization, VENDOR_AUTH_MSG, VENDOR_AUTH_PROMPT_MS } from '@portal/domain';
import { stripPartnerPrefix, usePartnerId, usePartnerPath } from '../../partner/partner-context.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { useRetailPartnerName } from './users-api.ts';

export const VENDOR_AUTH_PROMPT_ID = 'vendor-authorization-prompt';
/** Once per user and browser tab session, not at every screen. */
const shownKey = (userId: number) => `vendor-authorization-prompt-shown:${userId}`;

/**
 * Part 1 section 6: a user on partner company 30443 who has not accepted the vendor terms sees a warning toast for
 * 10 seconds with a link to the vendor authorization form. Renders nothing itself. Not on the form itself, and gone
 * once the user is on the form or has accepted (it stood beside "… was saved." after submitting).
 */
export function VendorAuthorizationPrompt() {
  const user = useSignedInUser();
  const retailer = useRetailPartnerName();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const needed = needsVendorAuthorization(user);
  const ready = retailer !== 'the retail partner';
  // On the form itself the prompt would only repeat the page; once the terms are accepted it no longer holds.
  const onForm = /^\/vendor-authorization(\/|$)/.test(stripPartnerPrefix(useLocation().pathname, usePartnerId()));

  useEffect(() => {
    if (!needed || onForm) notifications.hide(VENDOR_AUTH_PROMPT_ID);
  }, [needed, onForm]);

  useEffect(() => {
    if (!needed || !ready || onForm) return;
    if (sessionStorage.getItem(shownKey(user.id))) return;
    sessionStorage.setItem(shownKey(user.id), '1');
    const to = partnerPath('/vendor-authorization');
    notifications.show({
      id: VENDOR_AUTH_PROMPT_ID,
      color: 'yellow',
      autoClose: VENDOR_AUTH_PROMPT_MS,
      title: 'Vendor authorization needed',
      // Named for screen readers; the text dark enough on the notice's white (the dimmed default is 3.3:1).
      closeButtonProps: { 'aria-label': 'Close vendor authorization notice' },
      message: (
        <Text size="sm" c="dark.9">
          {VENDOR_AUTH_MSG.prompt(retailer)}{' '}
          <Anchor
            href={to}
            underline="always"
            c="blue.9"
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(VENDOR_AUTH_PROMPT_ID);
              void navigate(to);
            }}
          >
            {VENDOR_AUTH_MSG.promptLink}
          </Anchor>
        </Text>
      ),
    });
  }, [needed, ready, onForm, retailer, user.id, partnerPath, navigate]);

  return null;
}
