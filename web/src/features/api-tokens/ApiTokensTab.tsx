import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_MSG,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_LABELS,
  createApiTokenSchema,
  grantableTokenScopes,
  scopesByArea,
  latestTokenExpiry,
  tokenExpiry,
  type CreatedApiToken,
} from '@portal/domain';
import dayjs from 'dayjs';
import { isApiError } from '../../api/api-error.ts';
import { useSignedInUser } from '../../session/session-context.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { toast } from '../../ui/toast.ts';
import { apiTokenKeys, createToken, fetchOwnTokens, revokeOwnToken } from './api-tokens-api.ts';
import { TokenTable } from './TokenTable.tsx';

const EXPIRY_LABEL: Record<number, string> = { 30: '30 days', 90: '90 days', 365: '1 year' };
type Field = 'name' | 'expiresAt' | 'scopes';

/** /account/api-tokens: make a token (shown once), list them with their last use, revoke one. */
export function ApiTokensTab() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokenKeys.own, queryFn: fetchOwnTokens });
  const grantable = grantableTokenScopes(user);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('90');
  const [date, setDate] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ name: false, expiresAt: false, scopes: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const tokenField = useRef<HTMLInputElement>(null);

  // The new token's field takes focus, so a screen reader reads it with its warning, and Copy is one Tab away.
  useEffect(() => {
    if (created) tokenField.current?.focus();
  }, [created]);

  const expiresAt = expiry === 'date' ? (date ? tokenExpiry({ date }) : '') : tokenExpiry({ days: Number(expiry) });
  const check = createApiTokenSchema.safeParse({ name, expiresAt, scopes });
  const errors: Partial<Record<Field, string>> = { ...serverErrors };
  if (!check.success) for (const issue of check.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  const shown = (field: Field) => fieldError(touched[field] ? errors[field] : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, expiresAt: true, scopes: true });
    if (!check.success) return;
    setSaving(true);
    try {
      const answer = await createToken(check.data);
      setCreated(answer);
      setName('');
      setScopes([]);
      setTouched({ name: false, expiresAt: false, scopes: false });
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.own });
    } catch (error) {
      if (isApiError(error) && error.fields) setServerErrors(error.fields);
    } finally {
      setSaving(false);
    }
  };

  const revoke = async (id: number) => {
    await revokeOwnToken(id);
    toast.success(API_TOKEN_MSG.revoked);
    await queryClient.invalidateQueries({ queryKey: apiTokenKeys.own });
  };

  const edit = (field: Field) => {
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <Stack gap="xl" maw={960}>
      <Text>
        API tokens let your own programs (a PIM, a DAM, a script) use the portal&apos;s API as you, with the scopes you
        choose. Send one as <code>Authorization: Bearer pst_…</code>. See the{' '}
        <Anchor href="/api/docs" target="_blank" rel="noopener">
          API reference
        </Anchor>
        .
      </Text>

      {created && (
        <Alert color="green" title="Copy your new token now" role="status">
          <Stack gap="sm">
            <Text fw={600}>You won&apos;t see it again: the portal keeps only a fingerprint of it.</Text>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                ref={tokenField}
                label={`Token “${created.name}”`}
                value={created.token}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1 }}
                styles={{ input: { fontFamily: 'monospace', height: 'auto', paddingBlock: 8, lineHeight: 1.5 } }}
              />
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button onClick={copy} color={copied ? 'teal' : undefined} aria-live="polite">
                    {copied ? 'Copied' : 'Copy token'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group>
              <Button variant="default" onClick={() => setCreated(null)}>
                I have copied it
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <form onSubmit={submit} noValidate aria-labelledby="new-token-heading">
        <Stack gap="md" maw={560}>
          <Title order={2} size="h3" id="new-token-heading">
            New token
          </Title>
          <TextInput
            label="Name"
            description="What uses it, e.g. 'PIM sync'"
            required
            maxLength={API_TOKEN_NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              edit('name');
            }}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            error={shown('name')}
          />
          <Radio.Group
            label="Expires"
            required
            value={expiry}
            onChange={(v) => {
              setExpiry(v);
              edit('expiresAt');
            }}
            error={expiry !== 'date' ? shown('expiresAt') : undefined}
          >
            <Group mt="xs">
              {API_TOKEN_EXPIRY_CHOICES.map((days) => (
                <Radio key={days} value={String(days)} label={`In ${EXPIRY_LABEL[days]}`} />
              ))}
              <Radio value="date" label="On a date" />
            </Group>
          </Radio.Group>
          {expiry === 'date' && (
            <TextInput
              type="date"
              label="Expiry date"
              required
              min={dayjs().add(1, 'day').format('YYYY-MM-DD')}
              max={dayjs(latestTokenExpiry()).format('YYYY-MM-DD')}
              value={date}
              onChange={(e) => {
                setDate(e.currentTarget.value);
                edit('expiresAt');
              }}
              onBlur={() => setTouched((t) => ({ ...t, expiresAt: true }))}
              error={shown('expiresAt')}
            />
          )}
          <Checkbox.Group
            label="Scopes"
            description="A token never has more than your account: if you lose a scope, so do your tokens."
            required
            value={scopes}
            onChange={(v) => {
              setScopes(v);
              setTouched((t) => ({ ...t, scopes: true }));
              edit('scopes');
            }}
            error={shown('scopes')}
          >
            <Stack gap="xs" mt="xs">
              {scopesByArea(grantable).map(({ area, label, scopes: inArea }) => (
                <Stack key={area} gap={4}>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                  {inArea.map((scope) => (
                    <Checkbox
                      key={scope}
                      value={scope}
                      label={API_TOKEN_SCOPE_LABELS[scope] ?? scope}
                      description={scope}
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={saving}>
              Create token
            </Button>
          </Group>
        </Stack>
      </form>

      <Stack gap="sm">
        <Title order={2} size="h3">
          Your tokens
        </Title>
        <DataTable
          query={tokens}
          loading="Loading your tokens…"
          failed="Your tokens could not be loaded. Please try again."
          empty="You have no API tokens."
        >
          {(rows) => <TokenTable tokens={rows} caption="Your API tokens" onRevoke={(t) => revoke(t.id)} />}
        </DataTable>
      </Stack>
    </Stack>
  );
}
