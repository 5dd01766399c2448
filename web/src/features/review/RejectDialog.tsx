import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  commentsAsReason,
  REASON_CODE_MAX,
  REJECTION_REASON_MAX,
  rejectionReasonProblem,
  WORKSPACE_MSG,
} from '@portal/domain';
import { addStockReason, deleteStockReason, useStockReasons } from './review-api.ts';

/**
 * The reason picker: the partner's stock reasons (and those for every partner), numbered so a digit picks one, and
 * a free text beside them (added to the stock reason when both are given). Enter confirms, Shift+Enter is a new line
 * in the text, Escape cancels. R, a digit, Enter: three keys for a stock reason. A stock reason's reason code goes
 * with the rejection (for reporting). With comments written, they are reason enough: R, Enter rejects with them.
 */
export function RejectDialog({
  opened,
  count,
  commentCount = 0,
  partnerCompanyId,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  /** How many items the reason is for (1 on the item view). */
  count: number;
  /** Comments on fields and files written for this item, sent with the rejection. */
  commentCount?: number;
  partnerCompanyId: number | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string, reasonCode: string | null) => void;
}) {
  const reasons = useStockReasons(partnerCompanyId);
  const [picked, setPicked] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const list = reasons.data ?? [];

  useEffect(() => {
    if (!opened) return;
    setPicked(null);
    setText('');
    setError(null);
    setManaging(false);
  }, [opened]);

  const stockReason = () => list.find((r) => String(r.id) === picked);
  const reason = () => {
    const stock = stockReason()?.text;
    return [stock, text.trim()].filter(Boolean).join('\n');
  };
  const confirm = () => {
    const why = reason() || (commentCount > 0 ? commentsAsReason(commentCount) : '');
    const problem = why ? rejectionReasonProblem(why) : WORKSPACE_MSG.reasonRequired;
    if (problem) {
      setError(problem);
      return;
    }
    onConfirm(why, stockReason()?.code ?? null);
  };
  // Read on the window while open, wherever focus is: a digit pressed the instant the dialog appears, before focus
  // has moved into it, still picks its reason. Letters typed in the text stay there; Enter rejects from anywhere.
  const latest = useRef({ list, confirm, managing });
  latest.current = { list, confirm, managing };
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      const inText =
        !!el && (el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'text'));
      const { list: reasons, confirm: reject, managing: editing } = latest.current;
      if (e.key === 'Enter' && !e.shiftKey && !editing) {
        e.preventDefault();
        reject();
      } else if (!inText && /^[1-9]$/.test(e.key) && reasons[Number(e.key) - 1]) {
        e.preventDefault();
        setPicked(String(reasons[Number(e.key) - 1].id));
        setError(null);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={count === 1 ? 'Reject this item' : `Reject ${count} items`}
      size="lg"
    >
      <Stack gap="sm">
        {commentCount > 0 && (
          <Text size="sm">
            {commentCount === 1
              ? 'Your comment on a field or file goes with it.'
              : `Your ${commentCount} comments on fields and files go with it.`}
          </Text>
        )}
        {list.length > 0 ? (
          <Radio.Group
            label="Reason"
            description={
              commentCount > 0
                ? 'Enter rejects with your comments as the reason; a digit adds a stock reason.'
                : 'A digit picks a reason; Enter rejects.'
            }
            value={picked}
            onChange={(v) => {
              setPicked(v);
              setError(null);
            }}
          >
            <Stack gap={6} mt={6}>
              {list.map((r, i) => (
                <Radio
                  key={r.id}
                  value={String(r.id)}
                  ref={i === 0 ? firstRef : undefined}
                  data-autofocus={i === 0 ? true : undefined}
                  label={
                    <>
                      <Text span fw={700} mr={6} aria-hidden>
                        {i + 1}
                      </Text>
                      {r.text}
                      {r.code && (
                        <Text span size="xs" c="dimmed" ml={6}>
                          {r.code}
                        </Text>
                      )}
                    </>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm" c="dimmed">
            No stock reasons for this partner yet: type the reason, or add stock reasons below.
          </Text>
        )}
        <Textarea
          ref={textRef}
          data-autofocus={list.length ? undefined : true}
          label={list.length ? 'More detail (optional)' : 'Reason'}
          description="Shift+Enter for a new line"
          autosize
          minRows={2}
          maxLength={REJECTION_REASON_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="space-between">
          <Button variant="subtle" size="xs" onClick={() => setManaging((m) => !m)} aria-expanded={managing}>
            {managing ? 'Done with stock reasons' : 'Edit stock reasons'}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={confirm}>
              Reject
            </Button>
          </Group>
        </Group>
        {managing && <StockReasonEditor partnerCompanyId={partnerCompanyId} />}
      </Stack>
    </Modal>
  );
}

/** Staff keep the stock reasons here: per partner (or for every partner when the item has none). */
function StockReasonEditor({ partnerCompanyId }: { partnerCompanyId: number | null }) {
  const queryClient = useQueryClient();
  const reasons = useStockReasons(partnerCompanyId);
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['review', 'reasons'] });
  const add = async () => {
    if (!text.trim()) return;
    await addStockReason(partnerCompanyId, text.trim(), code.trim() || null);
    setText('');
    setCode('');
    refresh();
  };
  const addOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    e.stopPropagation();
    void add();
  };
  return (
    <Stack gap="xs" aria-label="Stock reasons" role="group">
      {(reasons.data ?? []).map((r) => (
        <Group key={r.id} gap="xs" wrap="nowrap">
          <Text size="sm" style={{ flex: 1 }}>
            {r.text}{' '}
            {r.code && (
              <Text span c="dimmed" size="xs">
                [{r.code}]{' '}
              </Text>
            )}
            {r.partnerCompanyId == null && (
              <Text span c="dimmed" size="xs">
                (every partner)
              </Text>
            )}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove the stock reason ${r.text}`}
            onClick={() => void deleteStockReason(r.id).then(refresh)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" align="end">
        <TextInput
          style={{ flex: 1 }}
          label={partnerCompanyId ? "New stock reason for this item's partner" : 'New stock reason for every partner'}
          value={text}
          maxLength={REJECTION_REASON_MAX}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={addOnEnter}
        />
        <TextInput
          w={170}
          label="Reason code (reporting)"
          placeholder="e.g. BARCODE"
          value={code}
          maxLength={REASON_CODE_MAX}
          onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          onKeyDown={addOnEnter}
        />
        <Button variant="light" onClick={() => void add()}>
          Add
        </Button>
      </Group>
    </Stack>
  );
}
