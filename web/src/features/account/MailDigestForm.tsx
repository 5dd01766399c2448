import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Radio, Stack, Text } from '@mantine/core';
import { MAIL_DIGEST_FREQUENCIES, MAIL_DIGEST_LABELS, MAIL_DIGEST_MSG, type MailDigestFrequency } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';
import { toast } from '../../ui/toast.ts';

const KEY = ['account', 'mail-digest'] as const;
const fetchMailDigest = () => apiFetch<{ mailDigest: MailDigestFrequency }>('/user/mail-digest');
const saveMailDigest = (mailDigest: MailDigestFrequency) =>
  apiFetch<{ mailDigest: MailDigestFrequency }>('/user/mail-digest', { method: 'PUT', json: { mailDigest } });

/** /account/notifications: how the user hears of review decisions, one e-mail each or a digest. */
export function MailDigestForm() {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: KEY, queryFn: fetchMailDigest });
  const [chosen, setChosen] = useState<MailDigestFrequency | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current.data) setChosen(current.data.mailDigest);
  }, [current.data]);

  if (current.isPending || chosen === null) return <Text>Loading…</Text>;
  if (current.isError) return <Text role="alert">Your e-mail preference could not be loaded.</Text>;

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveMailDigest(chosen);
      queryClient.setQueryData(KEY, saved);
      toast.success(MAIL_DIGEST_MSG.saved);
    } catch {
      // The generic error notice has told the user.
    }
    setSaving(false);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md" maw={560}>
        <Radio.Group
          label="E-mails about review decisions"
          description="A digest lists each decided item with what to fix, in one e-mail."
          value={chosen}
          onChange={setChosen}
        >
          <Stack gap="xs" mt="xs">
            {MAIL_DIGEST_FREQUENCIES.map((f) => (
              <Radio key={f} value={f} label={MAIL_DIGEST_LABELS[f]} />
            ))}
          </Stack>
        </Radio.Group>
        <div>
          <Button type="submit" loading={saving} disabled={chosen === current.data.mailDigest}>
            Save
          </Button>
        </div>
      </Stack>
    </form>
  );
}
