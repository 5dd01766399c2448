import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Menu, Modal, Text, TextInput } from '@mantine/core';
import {
  REVIEW_VIEW_NAME_MAX,
  REVIEW_VIEWS_MAX,
  VIEW_MSG,
  viewFiltersOf,
  viewNameTaken,
  type ReviewQueueQuery,
  type ReviewSavedView,
} from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { deleteView, renameView, saveView, savedViewKeys, useSavedViews } from './saved-views-api.ts';

type Dialog = { kind: 'save' } | { kind: 'rename'; view: ReviewSavedView } | { kind: 'delete'; view: ReviewSavedView };

/**
 * The reviewer's saved views, above the queue: each with how many items it holds now (counted by the server), the
 * one whose filters the queue shows marked; choosing one applies its filters (through the address, as any filter).
 * "Save view" keeps the queue's current filters under a name; each view's menu renames or deletes it.
 */
export function SavedViews({ query, apply }: { query: ReviewQueueQuery; apply: (filters: string) => void }) {
  const views = useSavedViews();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const current = viewFiltersOf(query);
  const list = views.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: savedViewKeys.all });

  return (
    <Group gap={6} wrap="wrap" role="group" aria-label="Saved views">
      <Text size="sm" fw={600}>
        Views
      </Text>
      {list.map((view) => {
        const active = view.filters === current;
        return (
          <Group key={view.id} gap={0} wrap="nowrap" data-saved-view={view.name}>
            <Button
              size="compact-sm"
              variant={active ? 'filled' : 'light'}
              aria-pressed={active}
              onClick={() => apply(view.filters)}
              rightSection={
                <Text span size="xs" fw={700} aria-hidden>
                  {view.count}
                </Text>
              }
            >
              {view.name}
              <span className="visually-hidden">, {view.count === 1 ? '1 item' : `${view.count} items`}</span>
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon size="sm" variant="subtle" aria-label={`Rename or delete the view ${view.name}`}>
                  ⋯
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setDialog({ kind: 'rename', view })}>Rename</Menu.Item>
                <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', view })}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        );
      })}
      {views.isSuccess && !list.length && (
        <Text size="sm" c="dimmed">
          None yet: filter the queue, then save the view.
        </Text>
      )}
      <Button
        size="compact-sm"
        variant="default"
        disabled={!views.isSuccess || list.length >= REVIEW_VIEWS_MAX}
        title={list.length >= REVIEW_VIEWS_MAX ? VIEW_MSG.tooMany : undefined}
        onClick={() => setDialog({ kind: 'save' })}
      >
        Save view…
      </Button>
      {dialog?.kind === 'delete' ? (
        <DeleteViewDialog
          view={dialog.view}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : (
        <NameViewDialog
          dialog={dialog}
          views={list}
          onClose={() => setDialog(null)}
          write={(name) =>
            dialog?.kind === 'rename' ? renameView(dialog.view.id, name) : saveView({ name, filters: current })
          }
          onDone={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Group>
  );
}

/** Names a new view (the queue's current filters) or renames one; a name already used is said beside the field. */
function NameViewDialog({
  dialog,
  views,
  onClose,
  write,
  onDone,
}: {
  dialog: Dialog | null;
  views: readonly ReviewSavedView[];
  onClose: () => void;
  write: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const renaming = dialog?.kind === 'rename' ? dialog.view : null;
  const opened = dialog !== null && dialog.kind !== 'delete';
  return (
    <Modal opened={opened} onClose={onClose} title={renaming ? `Rename the view ${renaming.name}` : 'Save this view'}>
      {opened && (
        <NameForm
          key={renaming?.id ?? 'new'}
          initial={renaming?.name ?? ''}
          views={views}
          except={renaming?.id}
          saving={!renaming}
          onCancel={onClose}
          write={write}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

function NameForm({
  initial,
  views,
  except,
  saving,
  onCancel,
  write,
  onDone,
}: {
  initial: string;
  views: readonly ReviewSavedView[];
  except?: number;
  saving: boolean;
  onCancel: () => void;
  write: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [name, setName] = useState(initial);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const problem =
    refused ??
    (trimmed.length > REVIEW_VIEW_NAME_MAX
      ? VIEW_MSG.nameTooLong
      : viewNameTaken(views, trimmed, except)
        ? VIEW_MSG.nameTaken(trimmed)
        : null);
  async function submit() {
    if (!trimmed || problem) return;
    setBusy(true);
    try {
      await write(trimmed);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) setRefused(err.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {saving && (
        <Text size="sm" mb="sm">
          Keeps the queue&apos;s current filters and order (not the page) under a name only you see.
        </Text>
      )}
      <TextInput
        label="Name of the view"
        data-autofocus
        value={name}
        error={problem ?? undefined}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setRefused(null);
        }}
      />
      <Group mt="md" gap="xs" justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={!trimmed || !!problem}>
          {saving ? 'Save view' : 'Rename'}
        </Button>
      </Group>
    </form>
  );
}

function DeleteViewDialog({
  view,
  onClose,
  onDone,
}: {
  view: ReviewSavedView;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title={`Delete the view ${view.name}?`}>
      <Text size="sm">Only the view goes; the items in it stay in the queue.</Text>
      <Group mt="md" gap="xs" justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          data-autofocus
          loading={busy}
          onClick={() => {
            setBusy(true);
            deleteView(view.id)
              .then(onDone)
              .catch(() => setBusy(false));
          }}
        >
          Delete view
        </Button>
      </Group>
    </Modal>
  );
}
