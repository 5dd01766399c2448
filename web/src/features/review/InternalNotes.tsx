import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { NOTE_MSG, REVIEW_NOTE_MAX, type ReviewNote } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';
import { formatDateTime } from '../../ui/dates.ts';

const notesKey = (id: string) => ['review', 'notes', id] as const;

/**
 * Staff-only internal notes on the item: what reviewers tell each other (never sent to the supplier, who has no way
 * to read them). Oldest first; a note is added with the button (not Enter, which makes a new line).
 */
export function InternalNotes({ submissionId }: { submissionId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notes = useQuery({
    queryKey: notesKey(submissionId),
    queryFn: async () =>
      (await apiFetch<{ notes: ReviewNote[] }>(`/review/items/${submissionId}/notes`, { notify: false })).notes,
  });
  const add = useMutation({
    mutationFn: (body: { text: string }) =>
      apiFetch<ReviewNote>(`/review/items/${submissionId}/notes`, { method: 'POST', json: body }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: notesKey(submissionId) });
    },
  });
  const submit = () => {
    if (!text.trim()) return setError(NOTE_MSG.required);
    setError(null);
    add.mutate({ text: text.trim() });
  };
  return (
    <Stack gap={6} component="section" aria-labelledby="internal-notes">
      <Title order={2} size="h5" id="internal-notes">
        Internal notes
      </Title>
      <Text size="xs" c="dimmed">
        Only staff see these; the supplier never does.
      </Text>
      {(notes.data ?? []).length > 0 && (
        <Stack gap={4} component="ul" aria-label="Internal notes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notes.data!.map((n) => (
            <Text component="li" size="sm" key={n.id}>
              <strong>{n.author ?? 'Former staff'}</strong>, {formatDateTime(n.at)}: {n.text}
            </Text>
          ))}
        </Stack>
      )}
      <Textarea
        label="Note for staff"
        autosize
        minRows={1}
        maxLength={REVIEW_NOTE_MAX}
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Button size="xs" variant="default" loading={add.isPending} onClick={submit} w="fit-content">
        Add note
      </Button>
    </Stack>
  );
}
