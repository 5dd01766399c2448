import { memo, useId, useState, type ReactNode } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DRAFT_MSG,
  MAX_UPC_DIGITS,
  noBarcodeFound,
  PHOTO_NOTE_MSG,
  sameUpc,
  displayUpc,
  sanitizeProductName,
  upcDigits,
  UPC_MSG,
  type PhotoRole,
} from '@portal/domain';
import { fieldError } from '../../ui/field-error.tsx';
import type { DraftFile } from './drafts-api.ts';
import { PhotoRoleChips } from './PhotoRoleChips.tsx';
import { PhotoWarnings } from './PhotoWarnings.tsx';
import classes from './drafts.module.css';

/** One row of step 2 as the form holds it: what the user typed or chose. */
export interface DraftRowValues {
  fileName: string;
  upc: string;
  productName: string;
  isMarketingImage: boolean;
  shippingProfileId: number | null;
}

export interface DraftFormValues {
  rows: DraftRowValues[];
}

export interface ShownError {
  message: string;
  /** Announce it (role=alert): it follows something the user just did. */
  announce: boolean;
}

export interface ShippingProfileField {
  show: boolean;
  required: boolean;
  options: { value: string; label: string }[];
}

interface DraftFileRowProps {
  index: number;
  fileName: string;
  /** The server's view of the file (thumbnail, detected codes); absent for a moment after files are added. */
  file: DraftFile | undefined;
  control: Control<DraftFormValues>;
  disabled: boolean;
  productNameRequired: boolean;
  shipping: ShippingProfileField;
  errors: { upc?: ShownError; productName?: ShownError };
  /**
   * The user changed a field: a server message about it no longer applies. Like onRemove, it must read no state of
   * the page's render: a row is drawn again only when its own props change (sameRowProps), so it may call the
   * function of an earlier render.
   */
  onEdited: (field: 'upc' | 'productName') => void;
  /** Asks to take this file out of the draft; absent where it may not go (the draft's last file, or view only). */
  onRemove?: () => void;
  /** Photo checks the partner made blocking: marked so beside the file. */
  blockingChecks?: readonly string[];
  /** The other rows whose UPC is this code in any form (read when the field is left, not at render). */
  sameProductAs?: (code: string) => string[];
  /** Saves what the photo shows (null: the proposal again); absent where it may not change (view only). */
  onRolesChange?: (roles: PhotoRole[] | null) => Promise<void>;
}

/** A visible label plus the file name for screen readers: 'UPC for front.png'. */
const rowLabel = (label: string, fileName: string) => (
  <>
    {label} <span className="visually-hidden">for {fileName}</span>
  </>
);

const errorNode = (error: ShownError | undefined): ReactNode =>
  error ? <span role={error.announce ? 'alert' : undefined}>{fieldError(error.message)}</span> : undefined;

const sameError = (a: ShownError | undefined, b: ShownError | undefined) =>
  a === b || (!!a && !!b && a.message === b.message && a.announce === b.announce);
const sameShipping = (a: ShippingProfileField, b: ShippingProfileField) =>
  a === b ||
  (a.show === b.show &&
    a.required === b.required &&
    (a.options === b.options || JSON.stringify(a.options) === JSON.stringify(b.options)));

/**
 * Whether a row would be drawn the same: a keystroke in one row redraws the page (the live score, Submit) but not
 * the other nine rows of a 10-file draft, whose inputs are most of the page's work (the score within 50 ms of a
 * keystroke, bench/readiness-keystroke.ts). Callbacks are compared by presence only (see onEdited).
 */
export function sameRowProps(a: DraftFileRowProps, b: DraftFileRowProps) {
  return (
    a.index === b.index &&
    a.fileName === b.fileName &&
    a.file === b.file &&
    a.control === b.control &&
    a.disabled === b.disabled &&
    a.productNameRequired === b.productNameRequired &&
    sameShipping(a.shipping, b.shipping) &&
    sameError(a.errors.upc, b.errors.upc) &&
    sameError(a.errors.productName, b.errors.productName) &&
    !a.onRemove === !b.onRemove &&
    !a.sameProductAs === !b.sameProductAs &&
    !a.onRolesChange === !b.onRolesChange &&
    (a.blockingChecks ?? []).join() === (b.blockingChecks ?? []).join()
  );
}

/** Upload step 2: thumbnail, UPC, product name, marketing image and (when allowed) shipping profile of one file. */
export const DraftFileRow = memo(DraftFileRowView, sameRowProps);

function DraftFileRowView({
  index,
  fileName,
  file,
  control,
  disabled,
  productNameRequired,
  shipping,
  errors,
  onEdited,
  onRemove,
  blockingChecks = [],
  sameProductAs,
  onRolesChange,
}: DraftFileRowProps) {
  const headingId = useId();
  // A 15th digit is refused with the length message, rather than cut off without a word.
  const [tooLong, setTooLong] = useState(false);
  // What leaving the field merged: the code as typed, and the other rows it now makes one product with.
  const [merged, setMerged] = useState<{ typed: string; shown: string; others: string[] } | null>(null);
  const enteredUpc = useWatch({ control, name: `rows.${index}.upc` });
  // Until a UPC is typed, a file with no barcode in it says where the UPC has to come from.
  const notes =
    file && !enteredUpc && noBarcodeFound(file) ? [{ code: 'NO_BARCODE', message: PHOTO_NOTE_MSG.noBarcode }] : [];
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <div className={classes.draftRow}>
        <Thumbnail file={file} fileName={fileName} />
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            {/* The name takes what the button leaves: a long one wraps, the button keeps its width ("Remove"). */}
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
              {fileName}
            </Title>
            {onRemove && (
              <Button
                size="compact-sm"
                variant="default"
                onClick={onRemove}
                disabled={disabled}
                aria-label={`Remove ${fileName}`}
                style={{ flex: 'none' }}
              >
                Remove
              </Button>
            )}
          </Group>
          <PhotoWarnings
            fileName={fileName}
            issues={file?.qualityIssues ?? []}
            notes={notes}
            blocking={blockingChecks}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Controller
              control={control}
              name={`rows.${index}.upc`}
              render={({ field }) => {
                // A code is offered unless it is the entered one in any of its forms (036602301467 is 0036602301467).
                const others = (file?.detectedUpcs ?? []).filter(
                  (code) => code !== field.value && !sameUpc(code, field.value),
                );
                return (
                  <Stack gap={4}>
                    <TextInput
                      ref={field.ref}
                      name={field.name}
                      label={rowLabel('UPC', fileName)}
                      value={field.value}
                      onChange={(event) => {
                        const typed = event.currentTarget.value.replace(/\D/g, '');
                        setTooLong(typed.length > MAX_UPC_DIGITS);
                        if (typed.length > MAX_UPC_DIGITS) return;
                        setMerged(null);
                        field.onChange(upcDigits(typed));
                        onEdited('upc');
                      }}
                      onBlur={() => {
                        // Leaving the field writes a valid code in the form every list shows (036… becomes 0036…).
                        const shown = displayUpc(field.value);
                        if (shown !== field.value) {
                          const others = sameProductAs?.(shown) ?? [];
                          setMerged(others.length > 0 ? { typed: field.value, shown, others } : null);
                          field.onChange(shown);
                          onEdited('upc');
                        }
                        field.onBlur();
                      }}
                      inputMode="numeric"
                      autoComplete="off"
                      disabled={disabled}
                      description={
                        <span aria-live="polite">
                          {merged?.shown === field.value
                            ? DRAFT_MSG.upcsMerged(merged.typed, merged.shown, merged.others)
                            : upcDescription(field.value, file)}
                        </span>
                      }
                      error={errorNode(tooLong ? { message: UPC_MSG.length, announce: true } : errors.upc)}
                    />
                    {!disabled && others.length > 0 && (
                      <Group gap={6}>
                        <Text size="sm" c="dimmed">
                          {field.value ? 'Also in the image:' : 'Found in the image:'}
                        </Text>
                        {others.map((code) => (
                          <Button
                            key={code}
                            size="compact-sm"
                            variant="light"
                            aria-label={`Use ${code} as the UPC for ${fileName}`}
                            onClick={() => {
                              field.onChange(code);
                              onEdited('upc');
                            }}
                          >
                            Use {code}
                          </Button>
                        ))}
                      </Group>
                    )}
                  </Stack>
                );
              }}
            />
            <Controller
              control={control}
              name={`rows.${index}.productName`}
              render={({ field }) => (
                <TextInput
                  ref={field.ref}
                  name={field.name}
                  label={rowLabel('Product name', fileName)}
                  value={field.value}
                  onChange={(event) => {
                    field.onChange(sanitizeProductName(event.currentTarget.value));
                    onEdited('productName');
                  }}
                  onBlur={() => {
                    if (field.value !== field.value.trim()) field.onChange(field.value.trim());
                    field.onBlur();
                  }}
                  // No maxLength: the browser would cut a paste before its emoji are stripped (sanitizeProductName cuts after).
                  withAsterisk={productNameRequired}
                  aria-required={productNameRequired || undefined}
                  disabled={disabled}
                  error={errorNode(errors.productName)}
                />
              )}
            />
          </SimpleGrid>
          <Group gap="xl" align="flex-start">
            <Controller
              control={control}
              name={`rows.${index}.isMarketingImage`}
              render={({ field }) => (
                <Checkbox
                  ref={field.ref}
                  name={field.name}
                  label={rowLabel('Marketing image', fileName)}
                  description="Use this picture to present the product"
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  disabled={disabled}
                />
              )}
            />
            {shipping.show && (
              <Controller
                control={control}
                name={`rows.${index}.shippingProfileId`}
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    name={field.name}
                    label={rowLabel('Shipping profile', fileName)}
                    placeholder="Choose a shipping profile"
                    data={shipping.options}
                    value={field.value == null ? null : String(field.value)}
                    onChange={(value) => field.onChange(value == null ? null : Number(value))}
                    onBlur={field.onBlur}
                    clearable
                    withAsterisk={shipping.required}
                    description={shipping.options.length ? undefined : 'No shipping profiles yet'}
                    disabled={disabled}
                    miw={240}
                  />
                )}
              />
            )}
          </Group>
          {file && file.kind !== 'pdf' && (
            <PhotoRoleChips
              fileName={fileName}
              roles={file.photoRoles as PhotoRole[]}
              chosen={file.photoRolesChosen}
              disabled={disabled || !onRolesChange}
              onChange={(roles) => onRolesChange?.(roles) ?? Promise.resolve()}
            />
          )}
        </Stack>
      </div>
    </Paper>
  );
}

/** What the UPC field says about where its value comes from. */
export function upcDescription(entered: string, file: DraftFile | undefined): string {
  const detected = file?.detectedUpc ?? null;
  if (!entered) {
    if (file?.detectionStatus === 'pending') return 'Reading the barcode in the image…';
    if (detected) return `The image shows ${detected}.`;
    if (file?.detectionStatus === 'failed') return "The barcode couldn't be read: please type the UPC.";
    return 'Type the UPC printed under the barcode.';
  }
  if (detected && !sameUpc(entered, detected)) return `The image shows ${detected}.`;
  if (entered === detected) return 'Read from the image.';
  if (detected) return 'Matches the barcode in the image.';
  return 'Digits only, up to 14.';
}

function Thumbnail({ file, fileName }: { file: DraftFile | undefined; fileName: string }) {
  if (!file?.thumbnailReady) {
    return (
      <div className={classes.thumbnail} role="img" aria-label={`Preview of ${fileName} is being prepared`}>
        <Loader size="sm" aria-hidden />
      </div>
    );
  }
  return (
    <a
      href={file.imageUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.thumbnailLink}
      aria-label={`Open ${fileName} (opens in a new tab)`}
    >
      <div className={classes.thumbnail}>
        <img src={file.thumbnailUrl} alt={`Preview of ${fileName}`} loading="lazy" />
      </div>
    </a>
  );
}
