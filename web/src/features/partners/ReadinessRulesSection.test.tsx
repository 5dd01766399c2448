import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  PATTERN_MSG,
  READINESS_DRY_RUN_MSG,
  READINESS_EDITOR_MSG,
  READINESS_MSG,
  RULE_KIND_LABELS,
} from '@portal/domain';
import { dryRunRuleCounts } from '@portal/domain/readiness.fixture';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError } from '../submissions/fake-server.test-helper.ts';
import { ReadinessRulesSection } from './ReadinessRulesSection.tsx';

spyOnToasts();

const DRAFTS = { openDrafts: 4, draftsBlocked: 3, draftsNewlyBlocked: 3 };
const DRY_RUN = { judged: 3, becomesNotReady: 2, becomesReady: 0, scoreChanges: 0, ...DRAFTS };
const ruleCounts = dryRunRuleCounts;

function renderEditor(answers: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    PartnerReadinessRules: { data: { getReadinessRules: { version: 2, rules: [] } } },
    DryRunReadinessRules: {
      data: {
        dryRunReadinessRules: {
          ...DRY_RUN,
          total: 3,
          next: null,
          rules: [ruleCounts('R-IMG-MIN-2', { failing: 2, becomesNotReady: 2, draftsBlocked: 3 })],
        },
      },
    },
    SaveReadinessRules: { data: { saveReadinessRules: { version: 3, rules: [] } } },
    ...answers,
  });
  renderWithApp(<ReadinessRulesSection partnerCompanyId={30500} />, {
    path: '/settings/7',
    session: buildSession({ user: buildUser() }),
  });
  return server;
}

async function addRule(code: string, images: string) {
  fireEvent.click(await screen.findByRole('button', { name: READINESS_EDITOR_MSG.add }));
  const rule = screen.getByRole('group', { name: /^Rule 1/ });
  const type = (name: string, value: string) =>
    fireEvent.change(within(rule).getByRole('textbox', { name }), { target: { value } });
  type('Code', code);
  type('Images', images);
  type('Message', 'At least 2 images are needed.');
  type('How to fix', 'Add a picture of the back of the pack.');
}

describe('readiness rules on the partner settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a new version only after the dry run, which says per rule how many fail it, move and are stopped at Submit', async () => {
    const { calls } = renderEditor();
    await addRule('R-IMG-MIN-2', '2');
    const make = screen.getByRole('button', { name: READINESS_EDITOR_MSG.save });
    expect(make.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    const changes = await screen.findByRole('status', { name: 'What saving would change' });
    expect(changes.textContent).toContain(READINESS_DRY_RUN_MSG.summary({ ...DRY_RUN, rules: [] }));
    expect(changes.textContent).toContain(READINESS_DRY_RUN_MSG.drafts({ ...DRY_RUN, rules: [] }));
    expect(changes.textContent).toContain(
      'R-IMG-MIN-2: 2 submission(s) fail it; 2 would become not ready, 0 ready again; it would refuse 3 open draft(s) at Submit.',
    );
    await waitFor(() => expect(make.hasAttribute('disabled')).toBe(false));
    const sent = calls.find((c) => c.operation === 'DryRunReadinessRules')!.variables.rules as object[];
    expect(sent).toEqual([expect.objectContaining({ code: 'R-IMG-MIN-2', kind: 'min-images', min: 2 })]);
  });

  it("a big partner's dry run goes in steps: the progress shows between them, the counts are added up", async () => {
    let finish: () => void = () => {};
    const secondAsked = new Promise<void>((resolve) => (finish = resolve));
    const step = (judged: number, notReady: number, next: string | null) => ({
      data: {
        dryRunReadinessRules: {
          judged,
          total: 5000,
          next,
          becomesNotReady: notReady,
          becomesReady: 0,
          scoreChanges: 1,
          ...(next ? DRAFTS : { openDrafts: 0, draftsBlocked: 0, draftsNewlyBlocked: 0 }),
          rules: [ruleCounts('R-IMG-MIN-2', { failing: notReady, becomesNotReady: notReady })],
        },
      },
    });
    const { calls } = renderEditor({
      DryRunReadinessRules: async (v: Record<string, unknown>) => {
        if (!v.after) return step(2000, 1500, 'cursor-1');
        await secondAsked;
        return step(3000, 2500, null);
      },
    });
    await addRule('R-IMG-MIN-2', '2');
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    const progress = await screen.findByRole('status', { name: 'Checking what saving would change' });
    expect(progress.textContent).toContain(READINESS_DRY_RUN_MSG.progress(2000, 5000));
    // Not saved on a part of the counts.
    expect(screen.getByRole('button', { name: READINESS_EDITOR_MSG.save }).hasAttribute('disabled')).toBe(true);
    finish();
    const changes = await screen.findByRole('status', { name: 'What saving would change' });
    expect(changes.textContent).toContain(
      READINESS_DRY_RUN_MSG.summary({
        judged: 5000,
        becomesNotReady: 4000,
        becomesReady: 0,
        scoreChanges: 2,
        ...DRAFTS,
        rules: [],
      }),
    );
    expect(changes.textContent).toContain(
      READINESS_DRY_RUN_MSG.rule(ruleCounts('R-IMG-MIN-2', { failing: 4000, becomesNotReady: 4000 })),
    );
    expect(screen.queryByRole('status', { name: 'Checking what saving would change' })).toBeNull();
    const afters = calls.filter((c) => c.operation === 'DryRunReadinessRules').map((c) => c.variables.after ?? null);
    expect(afters).toEqual([null, 'cursor-1']);
  });

  it('a change of the rules while a dry run goes on drops it: its progress goes, Check can start again', async () => {
    let finish: () => void = () => {};
    const secondAsked = new Promise<void>((resolve) => (finish = resolve));
    renderEditor({
      DryRunReadinessRules: async (v: Record<string, unknown>) => {
        if (v.after) await secondAsked;
        return {
          data: {
            dryRunReadinessRules: {
              judged: 1000,
              total: 2000,
              next: v.after ? null : 'cursor-1',
              becomesNotReady: 1,
              becomesReady: 0,
              scoreChanges: 0,
              ...DRAFTS,
              rules: [],
            },
          },
        };
      },
    });
    await addRule('R-IMG-MIN-2', '2');
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    await screen.findByRole('status', { name: 'Checking what saving would change' });
    fireEvent.change(within(screen.getByRole('group', { name: /^Rule 1/ })).getByRole('textbox', { name: 'Images' }), {
      target: { value: '3' },
    });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Checking what saving would change' })).toBeNull());
    expect(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: READINESS_EDITOR_MSG.save }).hasAttribute('disabled')).toBe(true);
    // Checked again, the rules as they are now are counted from the start.
    finish();
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    const changes = await screen.findByRole('status', { name: 'What saving would change' });
    expect(changes.textContent).toContain(
      READINESS_DRY_RUN_MSG.summary({
        judged: 2000,
        becomesNotReady: 2,
        becomesReady: 0,
        scoreChanges: 0,
        ...DRAFTS,
        rules: [],
      }),
    );
  });

  it('bad input is stopped naming the rule (more images than a draft holds); the server saying no is shown too', async () => {
    renderEditor({ DryRunReadinessRules: graphqlError('BAD_REQUEST', 'R-X: no.') });
    await addRule('R-IMG-MIN-11', '11');
    expect((await screen.findByRole('alert')).textContent).toContain(READINESS_MSG.tooManyImages('R-IMG-MIN-11'));
    expect(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(screen.getByRole('group', { name: /^Rule 1/ })).getByRole('textbox', { name: 'Images' }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    expect((await screen.findByRole('alert')).textContent).toContain('R-X: no.');
  });

  it('a new blocking rule at submit asks before the version: it names the rule and the drafts it stops; Keep editing saves nothing', async () => {
    const { calls } = renderEditor();
    await addRule('R-IMG-MIN-2', '2');
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    await screen.findByRole('status', { name: 'What saving would change' });
    const make = screen.getByRole('button', { name: READINESS_EDITOR_MSG.save });
    await waitFor(() => expect(make.hasAttribute('disabled')).toBe(false));
    fireEvent.click(make);
    const ask = screen.getByRole('alertdialog', { name: 'Confirm the new version' });
    expect(ask.textContent).toContain(READINESS_DRY_RUN_MSG.confirmStop(['R-IMG-MIN-2'], 3));
    fireEvent.click(within(ask).getByRole('button', { name: READINESS_DRY_RUN_MSG.cancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.operation === 'SaveReadinessRules')).toBe(false);
    fireEvent.click(make);
    fireEvent.click(screen.getByRole('button', { name: READINESS_DRY_RUN_MSG.confirm }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'SaveReadinessRules')).toBe(true));
  });

  it('a field format: an unsafe pattern is refused as typed; left to the field, when it applies is not sent', async () => {
    const { calls } = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: READINESS_EDITOR_MSG.add }));
    const rule = screen.getByRole('group', { name: /^Rule 1/ });
    const type = (name: string, value: string) =>
      fireEvent.change(within(rule).getByRole('textbox', { name }), { target: { value } });
    type('Code', 'R-NAME-FORMAT');
    type('Message', 'The name is not in the format.');
    type('How to fix', 'Type it as printed.');
    fireEvent.click(within(rule).getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: RULE_KIND_LABELS['field-pattern'] }));
    fireEvent.click(within(rule).getByRole('combobox', { name: 'Field' }));
    fireEvent.click(await screen.findByRole('option', { name: 'productName' }));
    type('Pattern', '(a+)+');
    expect((await screen.findByRole('alert')).textContent).toContain(`R-NAME-FORMAT: ${PATTERN_MSG.nested}`);
    type('Pattern', '[A-Z].*');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    await screen.findByRole('status', { name: 'What saving would change' });
    const sent = calls.find((c) => c.operation === 'DryRunReadinessRules')!.variables.rules as object[];
    expect(sent).toEqual([
      expect.objectContaining({ kind: 'field-pattern', field: 'productName', pattern: '[A-Z].*' }),
    ]);
    expect(sent[0]).not.toHaveProperty('appliesAt');
  });
});
