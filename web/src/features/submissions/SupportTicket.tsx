import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { SUPPORT_TICKET_MSG, supportTicketSchema } from '@portal/domain';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { toast } from '../../ui/toast.ts';
import { submissionChanged, type Submission } from './submission-api.ts';
import { SetSupportTicketMutation } from './submission-operations.ts';

type TicketErrors = { ticketId?: string; ticketUrl?: string };

/**
 * The support ticket of an item on its verification view (part 1 section 2: staff see a support-ticket link, its id
 * and address). Staff who may change it add, edit or remove it in place.
 */
export function SupportTicket({ submission }: { submission: Submission }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ ticketId: '', ticketUrl: '' });
  const [errors, setErrors] = useState<TicketErrors>({});
  const [saving, setSaving] = useState(false);
  const { zendeskTicketId: id, zendeskTicketUrl: url } = submission;

  const open = () => {
    setValues({ ticketId: id ?? '', ticketUrl: url ?? '' });
    setErrors({});
    setEditing(true);
  };

  const save = async (next: { ticketId: string; ticketUrl: string }) => {
    const parsed = supportTicketSchema.safeParse(next);
    if (!parsed.success) {
      const found: TicketErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof TicketErrors] ??= issue.message;
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const updated = (await gql(SetSupportTicketMutation, { id: submission.id, ...parsed.data }))
        .setSubmissionSupportTicket;
      submissionChanged(queryClient, updated);
      toast.success(updated.zendeskTicketId ? SUPPORT_TICKET_MSG.saved : SUPPORT_TICKET_MSG.removed);
      setEditing(false);
    } catch (error) {
      const fields = error instanceof GraphQLRequestError ? error.fields : {};
      setErrors({
        ticketId:
          fields.ticketId ?? (fields.ticketUrl ? undefined : 'The ticket could not be saved. Please try again.'),
        ticketUrl: fields.ticketUrl,
      });
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(values);
  };

  if (!editing) {
    const label = `Ticket ${id}`;
    return (
      <Group gap="xs">
        {id &&
          (url ? (
            <Anchor href={url} target="_blank" rel="noopener noreferrer">
              {label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Anchor>
          ) : (
            <Text>{label}</Text>
          ))}
        {submission.can.setTicket && (
          <Button size="compact-sm" variant="subtle" onClick={open}>
            {id ? 'Edit ticket' : 'Add support ticket'}
          </Button>
        )}
      </Group>
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label="Support ticket" noValidate>
      <Stack gap="xs" maw={420}>
        <TextInput
          label="Ticket id"
          value={values.ticketId}
          onChange={(event) => setValues({ ...values, ticketId: event.currentTarget.value })}
          error={fieldError(errors.ticketId)}
          disabled={saving}
          data-autofocus
        />
        <TextInput
          label="Ticket link"
          description="The ticket's https:// address (optional)"
          value={values.ticketUrl}
          onChange={(event) => setValues({ ...values, ticketUrl: event.currentTarget.value })}
          error={fieldError(errors.ticketUrl)}
          inputMode="url"
          disabled={saving}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={saving}>
            Save ticket
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={saving}>
            Cancel
          </Button>
          {id && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => void save({ ticketId: '', ticketUrl: '' })}
              disabled={saving}
            >
              Remove ticket
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
