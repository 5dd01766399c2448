import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENT_LABEL,
  WEBHOOK_EVENTS,
  webhookInputSchema,
  type WebhookEvent,
  type WebhookInput,
  type WebhookView,
} from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { toast } from '../../ui/toast.ts';
import { createWebhook, updateWebhook, webhooksChanged } from './webhooks-api.ts';

export const ADD_WEBHOOK_TITLE = 'Add webhook';
export const EDIT_WEBHOOK_TITLE = 'Edit webhook';

type FormValues = { url: string; events: WebhookEvent[]; active: boolean };
const EMPTY: FormValues = { url: '', events: [], active: true };

interface Props {
  opened: boolean;
  onClose: () => void;
  companyId: number;
  /** The webhook to edit; none to add one. */
  webhook: WebhookView | null;
  /** A new webhook's signing secret, to be shown once. */
  onCreated: (secret: string) => void;
}

/** Add or edit a webhook: its URL, the events it receives, and whether it is on. The rules are the domain's schema. */
export function WebhookDialog({ opened, onClose, companyId, webhook, onCreated }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, WebhookInput>({
    resolver: zodResolver(webhookInputSchema) as never,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (opened) form.reset(webhook ? { url: webhook.url, events: webhook.events, active: webhook.active } : EMPTY);
  }, [opened, webhook, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (webhook) {
        await updateWebhook(webhook.id, input);
        toast.success('Webhook saved.');
      } else onCreated((await createWebhook(companyId, input)).secret);
      void webhooksChanged(queryClient);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return; // told by the generic handling
      const fields = Object.entries(error.fields ?? {}).filter(([f]) => f === 'url' || f === 'events');
      for (const [field, message] of fields)
        form.setError(field as 'url' | 'events', { type: 'server', message }, { shouldFocus: true });
      if (!fields.length) showBanner(error.message, 'error');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={webhook ? EDIT_WEBHOOK_TITLE : ADD_WEBHOOK_TITLE}
      size={640}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Endpoint URL"
            description="Where we send events, as a signed POST (Standard Webhooks)."
            placeholder="https://example.com/webhooks"
            required
            type="url"
            autoComplete="off"
            {...form.register('url')}
            error={fieldError(errors.url?.message)}
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <Checkbox.Group
                label="Events"
                required
                value={field.value}
                onChange={(v) => field.onChange(v)}
                error={fieldError(errors.events?.message)}
              >
                <Stack gap="xs" mt="xs">
                  {WEBHOOK_EVENTS.map((e) => (
                    <Checkbox key={e} value={e} label={`${WEBHOOK_EVENT_LABEL[e]} (${e})`} onBlur={field.onBlur} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch label="Active" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {webhook ? 'Save' : 'Add webhook'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
