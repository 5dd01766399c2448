import { useState } from 'react';
import { Button, Chip, Group, Text } from '@mantine/core';
import { PHOTO_ROLE_LABELS, PHOTO_ROLES, type PhotoRole } from '@portal/domain';
import classes from './drafts.module.css';

interface PhotoRoleChipsProps {
  fileName: string;
  roles: readonly PhotoRole[];
  /** The supplier chose them; else the portal proposed them from what the photo was read to show. */
  chosen: boolean;
  disabled: boolean;
  /** Saves the roles (null: back to the proposal); the draft it answers replaces the page's. */
  onChange: (roles: PhotoRole[] | null) => Promise<void>;
}

/**
 * What a photo shows (front, back, side, nutrition panel, ingredients, barcode face), as chips the supplier turns on
 * and off: each change is saved at once. A proposal says so, and a choice can go back to it. Outlined: a filled chip
 * keeps white text whatever the partner's colour, which a light one cannot carry (AA).
 */
export function PhotoRoleChips({ fileName, roles, chosen, disabled, onChange }: PhotoRoleChipsProps) {
  const [saving, setSaving] = useState(false);
  const save = async (next: PhotoRole[] | null) => {
    setSaving(true);
    try {
      await onChange(next);
    } finally {
      setSaving(false);
    }
  };
  return (
    <fieldset className={classes.roles} disabled={disabled || saving}>
      <legend>
        <Text size="sm" fw={500} component="span">
          What this photo shows <span className="visually-hidden">({fileName})</span>
        </Text>
      </legend>
      <Chip.Group
        multiple
        value={[...roles]}
        onChange={(values) => void save(PHOTO_ROLES.filter((r) => values.includes(r)))}
      >
        <Group gap={6}>
          {PHOTO_ROLES.map((role) => (
            <Chip key={role} value={role} size="xs" variant="outline" disabled={disabled || saving}>
              {PHOTO_ROLE_LABELS[role]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap={6} mt={4}>
        <Text size="xs" c="dimmed" aria-live="polite">
          {chosen ? 'Chosen by you.' : 'Read from the photo: change it if it is wrong.'}
        </Text>
        {chosen && (
          <Button size="compact-xs" variant="subtle" onClick={() => void save(null)} disabled={disabled || saving}>
            Use what the photo shows
          </Button>
        )}
      </Group>
    </fieldset>
  );
}
