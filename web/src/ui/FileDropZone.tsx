import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import classes from './FileDropZone.module.css';
import { ICON_PATHS, LineIcon } from './LineIcon';

interface FileDropZoneProps {
  /** Every file dropped or chosen, as the user gave them; the caller decides which to keep. */
  onFiles: (files: File[]) => void;
  /** `accept` of the file chooser, e.g. ".pdf,.png,application/pdf". */
  accept: string;
  disabled?: boolean;
  /** Formats and limits, under the prompt. */
  hint?: ReactNode;
  /** The chosen files, listed inside the zone below the prompt. */
  children?: ReactNode;
  /** The zone's height; grows with the files listed inside. */
  minHeight?: number;
  buttonLabel?: string;
}

/**
 * A drop zone with a real button: files can be dragged onto it or chosen with 'Choose files' (keyboard and
 * screen reader users reach the button; the file input itself stays out of the tab order).
 */
export function FileDropZone({
  onFiles,
  accept,
  disabled = false,
  hint,
  children,
  minHeight,
  buttonLabel = 'Choose files',
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  // Counts enter/leave pairs, since moving over a child fires both on the zone.
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current++;
    if (!disabled) setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length) onFiles(files);
  };

  return (
    <div
      className={classes.zone}
      style={minHeight ? { minHeight } : undefined}
      data-active={dragging || undefined}
      data-disabled={disabled || undefined}
      aria-disabled={disabled || undefined}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="file-drop-zone"
    >
      <div className={classes.prompt}>
        <LineIcon d={ICON_PATHS.upload} size={40} className={classes.promptIcon} />
        <Stack gap={4} align="center">
          <Text fw={600}>Drag and drop files here, or</Text>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <Button variant="default" disabled={disabled} onClick={() => input.current?.click()}>
          {buttonLabel}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={accept}
          hidden
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // The same file may be chosen again after it was removed.
            event.currentTarget.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </div>
      {children}
    </div>
  );
}
