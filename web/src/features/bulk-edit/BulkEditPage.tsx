import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Group, Stepper, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  BULK_EDIT_MSG,
  bulkEditColumns,
  displayUpc,
  isCellEmpty,
  stepErrorsByRow,
  visibleBulkEditSteps,
  type BulkEditField,
  type FieldRules,
} from '@portal/domain';
import { GraphQLRequestError } from '../../api/graphql.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerId, usePartnerPath } from '../../partner/partner-context.tsx';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { useSignedInUser } from '../../session/session-context.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { Page } from '../../ui/Page.tsx';
import { CARD_LAYOUT_MAX_PX } from '../../ui/stacked-table.ts';
import { toast } from '../../ui/toast.ts';
import { fieldRulesFromConfiguration } from '../drafts/drafts-api.ts';
import {
  readProductSubmissionIds,
  saveRows,
  toEditedRow,
  toRowInput,
  useBulkEditRows,
  type BulkEditRowData,
  type EditedRow,
} from './bulk-edit-api.ts';
import { BulkEditCell, type CellState } from './BulkEditCell.tsx';
import classes from './bulk-edit.module.css';

const HEADING = 'Edit Multiple Products';
const cellKey = (rowId: string, field: string) => `${rowId}.${field}`;

/** After a failed Next or save, keyboard and screen-reader users land on the first red cell. */
const focusFirstInvalidCell = () =>
  setTimeout(() => document.querySelector<HTMLInputElement>('table input[aria-invalid="true"]')?.focus(), 0);

/** The partner whose rules apply: the session's or the route's, else the submissions' own; none: every flag true. */
function useBulkEditRules(rows: readonly BulkEditRowData[] | undefined): FieldRules | null {
  const user = useSignedInUser();
  const routePartnerId = usePartnerId();
  const partnerId =
    user.sessionPartnerCompanyId ?? routePartnerId ?? rows?.find((r) => r.partnerCompanyId)?.partnerCompanyId ?? null;
  const config = usePartnerConfiguration(partnerId);
  if (partnerId === null) return {};
  if (config.isError) return {};
  return config.data ? fieldRulesFromConfiguration(config.data) : null;
}

/** /edit-multiple?productSubmissionIds=a,b,c: the bulk edit stepper (part 2 sections 2.3, 4 and 5). */
export function BulkEditPage() {
  const [params] = useSearchParams();
  const ids = useMemo(() => readProductSubmissionIds(params), [params]);
  const loaded = useBulkEditRows(ids);
  const rules = useBulkEditRules(loaded.data);

  if (loaded.isError) {
    return (
      <Page heading={HEADING}>
        <Alert color="red" role="alert">
          These submissions could not be loaded. <AppLink to="/activity/all">Back to the Activity Page</AppLink>
        </Alert>
      </Page>
    );
  }
  if (!loaded.data || !rules) return <FullPageLoader />;
  return <BulkEditStepper ids={ids} initialRows={loaded.data} rules={rules} />;
}

function BulkEditStepper({
  ids,
  initialRows,
  rules,
}: {
  ids: string[];
  initialRows: BulkEditRowData[];
  rules: FieldRules;
}) {
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const steps = useMemo(() => visibleBulkEditSteps(rules), [rules]);
  const [active, setActive] = useState(0);
  const step = steps[active];
  const columns = useMemo(() => bulkEditColumns(step, rules), [step, rules]);

  const meta = initialRows;
  const [rows, setRowsState] = useState<Record<string, EditedRow>>(() =>
    Object.fromEntries(initialRows.map((r) => [r.id, toEditedRow(r)])),
  );
  // The latest rows for Save/Next, even when a cell committed on the blur of the same click.
  const rowsRef = useRef(rows);
  /** The step check failed: required empty cells are red until edited. */
  const [errorMode, setErrorMode] = useState(false);
  const [edited, setEdited] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Cells showing typed text they could not take (a ref: the blur that finds it comes in the same click as Save).
  const unsaveable = useRef(new Set<string>());
  // The toast saying so, which goes as soon as no cell holds such a value (else it would outlive the fix).
  const unsaveableToast = useRef<string | null>(null);
  const dismissUnsaveable = () => {
    if (unsaveableToast.current !== null) toast.dismiss(unsaveableToast.current);
    unsaveableToast.current = null;
  };
  const markUnsaveable = (key: string, problem: boolean) => {
    if (problem) unsaveable.current.add(key);
    else unsaveable.current.delete(key);
    if (!unsaveable.current.size) dismissUnsaveable();
  };
  /** Refuses Save and Next while a cell holds what it cannot save: saving would say 'Changes Saved' over it. */
  const holdsUnsaveable = () => {
    if (!unsaveable.current.size) return false;
    dismissUnsaveable();
    unsaveableToast.current = toast.error(BULK_EDIT_MSG.unsaveable);
    focusFirstInvalidCell();
    return true;
  };

  const commit = useCallback((rowId: string, field: BulkEditField, value: unknown) => {
    rowsRef.current = { ...rowsRef.current, [rowId]: { ...rowsRef.current[rowId], [field]: value } };
    setRowsState(rowsRef.current);
    const key = cellKey(rowId, field);
    setEdited((s) => new Set(s).add(key));
    setServerErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  }, []);

  /** Saves every row the user may edit; false (with the field errors on their cells) when the server refused. */
  const saveAll = async (): Promise<boolean> => {
    const editable = meta.filter((r) => r.canEdit);
    if (!editable.length) return true;
    try {
      await saveRows(editable.map((r) => toRowInput(r.id, rowsRef.current[r.id])));
      setServerErrors({});
      return true;
    } catch (err) {
      // Rows deleted or no longer the user's meanwhile refuse the save as a whole: they are named, as cells are.
      const gone = err instanceof GraphQLRequestError ? meta.filter((r) => err.fields[`${r.id}.id`]) : [];
      if (gone.length) {
        toast.error(BULK_EDIT_MSG.rowsGone(gone.map((r) => displayUpc(r.upc))));
      } else if (err instanceof GraphQLRequestError && Object.keys(err.fields).length) {
        setServerErrors(err.fields);
        toast.error(err.message);
      } else if (err instanceof GraphQLRequestError) {
        toast.error(err.message);
      }
      return false;
    }
  };

  const onSave = async () => {
    if (holdsUnsaveable()) return;
    setBusy(true);
    try {
      if (await saveAll()) toast.success(BULK_EDIT_MSG.saved);
      else focusFirstInvalidCell();
    } finally {
      setBusy(false);
    }
  };

  const onNext = async () => {
    if (holdsUnsaveable()) return;
    setBusy(true);
    try {
      if (!(await saveAll())) {
        focusFirstInvalidCell();
        return;
      }
      const failed = stepErrorsByRow(
        step,
        meta.map((r) => ({ id: r.id, ...rowsRef.current[r.id] })),
        rules,
      );
      if (Object.keys(failed).length) {
        setErrorMode(true);
        setEdited(new Set());
        focusFirstInvalidCell();
        return;
      }
      setErrorMode(false);
      setEdited(new Set());
      if (active === steps.length - 1) {
        void navigate(
          partnerPath(`/edit-multiple/confirmation?productSubmissionIds=${ids.map(encodeURIComponent).join(',')}`),
        );
      } else {
        setActive(active + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const onPrevious = () => {
    // The step's cells go, and what they could not take with them.
    unsaveable.current.clear();
    dismissUnsaveable();
    setErrorMode(false);
    setEdited(new Set());
    setActive((a) => Math.max(0, a - 1));
  };

  const phone = useMediaQuery(`(max-width: ${CARD_LAYOUT_MAX_PX}px)`, undefined, { getInitialValueInEffect: false });
  const cellState = (rowId: string, field: BulkEditField, required: boolean): CellState => {
    const key = cellKey(rowId, field);
    if (serverErrors[key]) return 'error';
    if (!required || !isCellEmpty(rowsRef.current[rowId]?.[field])) return 'ok';
    return errorMode && !edited.has(key) ? 'error' : 'warning';
  };

  return (
    <Page heading={HEADING}>
      {/* Down the page on a phone: side by side, the last steps' names were cut off. */}
      <Stepper active={active} allowNextStepsSelect={false} size="sm" orientation={phone ? 'vertical' : 'horizontal'}>
        {steps.map((s) => (
          <Stepper.Step key={s} label={s} />
        ))}
      </Stepper>
      <VisuallyHidden aria-live="polite">{`Step ${active + 1} of ${steps.length}: ${step}`}</VisuallyHidden>
      <Table.ScrollContainer minWidth={600}>
        <Table className={classes.table} aria-label={`${step}: one row per product`} withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">UPC</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.field} scope="col">
                  {c.label}
                  {c.required && (
                    <>
                      <Text span c="red" aria-hidden>
                        {' *'}
                      </Text>
                      <VisuallyHidden> (required)</VisuallyHidden>
                    </>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {meta.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 1}>{BULK_EDIT_MSG.emptyTable}</Table.Td>
              </Table.Tr>
            ) : (
              meta.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Th scope="row">{displayUpc(r.upc)}</Table.Th>
                  {columns.map((c) => {
                    const state = cellState(r.id, c.field, c.required);
                    const key = cellKey(r.id, c.field);
                    return (
                      <Table.Td key={c.field}>
                        <BulkEditCell
                          column={c}
                          upc={displayUpc(r.upc)}
                          value={rows[r.id][c.field]}
                          state={state}
                          message={serverErrors[key] ?? BULK_EDIT_MSG.required(c.label)}
                          disabled={!r.canEdit}
                          onCommit={(v) => commit(r.id, c.field, v)}
                          onUnsaveable={(problem) => markUnsaveable(key, !!problem)}
                          note={r.fromSheet.includes(c.field) && !edited.has(key) ? BULK_EDIT_MSG.fromSheet : undefined}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Button component={AppLink} to="/activity/all" variant="default">
          Cancel
        </Button>
        <Group>
          <Button variant="default" onClick={() => void onSave()} loading={busy}>
            Save
          </Button>
          <Button variant="default" onClick={onPrevious} disabled={active === 0 || busy}>
            Previous
          </Button>
          <Button onClick={() => void onNext()} loading={busy}>
            Next
          </Button>
        </Group>
      </Group>
    </Page>
  );
}
