import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { READINESS_DRY_RUN_MSG, READINESS_EDITOR_MSG, READINESS_MSG } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError } from '../submissions/fake-server.test-helper.ts';
import { ReadinessRulesSection } from './ReadinessRulesSection.tsx';

spyOnToasts();

const DRY_RUN = { judged: 3, becomesNotReady: 2, becomesReady: 0, scoreChanges: 0 };

function renderEditor(answers: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    PartnerReadinessRules: { data: { getReadinessRules: { version: 2, rules: [] } } },
    DryRunReadinessRules: {
      data: {
        dryRunReadinessRules: {
          ...DRY_RUN,
          total: 3,
          next: null,
          rules: [{ code: 'R-IMG-MIN-2', becomesNotReady: 2, becomesReady: 0 }],
        },
      },
    },
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

  it('a new version only after the dry run, which says how many submissions the rules move, per rule', async () => {
    const { calls } = renderEditor();
    await addRule('R-IMG-MIN-2', '2');
    const make = screen.getByRole('button', { name: READINESS_EDITOR_MSG.save });
    expect(make.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }));
    const changes = await screen.findByRole('status', { name: 'What saving would change' });
    expect(changes.textContent).toContain(READINESS_DRY_RUN_MSG.summary({ ...DRY_RUN, rules: [] }));
    expect(changes.textContent).toContain('R-IMG-MIN-2: 2 would become not ready, 0 ready again.');
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
          rules: [{ code: 'R-IMG-MIN-2', becomesNotReady: notReady, becomesReady: 0 }],
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
        rules: [],
      }),
    );
    expect(changes.textContent).toContain('R-IMG-MIN-2: 4000 would become not ready, 0 ready again.');
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
      READINESS_DRY_RUN_MSG.summary({ judged: 2000, becomesNotReady: 2, becomesReady: 0, scoreChanges: 0, rules: [] }),
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
});
