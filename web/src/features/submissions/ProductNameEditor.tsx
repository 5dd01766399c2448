import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { sanitizeProductName, UNNAMED } from '@portal/domain';
import { fieldError } from '../../ui/field-error.tsx';

export const ADD_PRODUCT_NAME = 'Add a product name.';

/** What Save would store: the spec trims the value. */
export const nameToSave = (value: string) => sanitizeProductName(value).trim();

/** Save is enabled only when the trimmed value differs from the current name. */
export const nameChanged = (value: string, current: string | null) => nameToSave(value) !== (current ?? '');

interface ProductNameEditorProps {
  name: string | null;
  canEdit: boolean;
  /** Stores the new name; rejects with a message to show under the field. */
  onSave: (name: string) => Promise<void>;
}

/**
 * The submission's product name, edited in place (part 1 section 5): Save is disabled until the value differs,
 * Enter saves, Escape cancels, the value is trimmed. An empty name reads 'Add a product name.'.
 */
export function ProductNameEditor({ name, canEdit, onSave }: ProductNameEditorProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back from editing: keyboard focus returns to the button that started it.
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      trigger.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setValue(name ?? '');
    setError(null);
    setEditing(true);
  };
  const stop = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
  };

  const changed = nameChanged(value, name);
  const save = async () => {
    if (!changed || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(nameToSave(value));
      stop();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stop();
    }
  };

  if (editing) {
    return (
      <Stack gap="xs">
        <TextInput
          label="Product name"
          value={value}
          onChange={(event) => setValue(sanitizeProductName(event.currentTarget.value))}
          onKeyDown={onKeyDown}
          // No maxLength: the browser would cut a paste before its emoji are stripped (sanitizeProductName cuts after).
          description="Enter saves, Escape cancels."
          error={error ? <span role="alert">{fieldError(error)}</span> : undefined}
          disabled={saving}
          data-autofocus
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the field opens on the user's own Edit; focus follows them into it
          autoFocus
        />
        <Group gap="xs">
          <Button size="xs" onClick={save} disabled={!changed} loading={saving}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={stop} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  if (!canEdit) return <Text c={name ? undefined : 'dimmed'}>{name || UNNAMED}</Text>;
  // One button in both states, so that focus returned to it survives the name arriving from the server.
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      {name ? <Text style={{ overflowWrap: 'anywhere' }}>{name}</Text> : null}
      <Button
        ref={trigger}
        variant="subtle"
        size="compact-sm"
        px={name ? undefined : 0}
        onClick={start}
        aria-label={name ? 'Edit product name' : undefined}
      >
        {name ? 'Edit' : ADD_PRODUCT_NAME}
      </Button>
    </Group>
  );
}
