import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  commentsAsReason,
  REJECTION_REASON_MAX,
  REVIEW_MSG,
  WORKSPACE_MSG,
  type ReviewStockReason,
} from '@portal/domain';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { RejectDialog } from './RejectDialog.tsx';

const PARTNER = 30443;
const STOCK: ReviewStockReason[] = [
  { id: 5, partnerCompanyId: PARTNER, text: 'The barcode is not readable on the photo.', code: 'BARCODE' },
  { id: 6, partnerCompanyId: null, text: 'The product name does not match the photo.', code: null },
];

describe('the reject dialog', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stock: ReviewStockReason[] = STOCK;
  const reasonsAsked: string[] = [];
  const onConfirm = vi.fn<(reason: string, reasonCode: string | null) => void>();
  const onCancel = vi.fn<() => void>();

  beforeEach(() => {
    stock = STOCK;
    reasonsAsked.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.includes('/review/stock-reasons')) {
        reasonsAsked.push(path);
        return jsonResponse(200, stock);
      }
      return jsonResponse(404, {});
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    onConfirm.mockReset();
    onCancel.mockReset();
    vi.unstubAllGlobals();
  });

  /**
   * The dialog as a page holds it: there from the start, closed (so the stock reasons are read before it opens), open
   * until cancelled; reopening starts afresh.
   */
  function Page({ count = 1, commentCount = 0, partner = PARTNER as number | null, busy = false }) {
    const [opened, setOpened] = useState(false);
    return (
      <>
        <button onClick={() => setOpened(true)}>Open</button>
        <RejectDialog
          opened={opened}
          count={count}
          commentCount={commentCount}
          partnerCompanyId={partner}
          busy={busy}
          onCancel={() => {
            onCancel();
            setOpened(false);
          }}
          onConfirm={onConfirm}
        />
      </>
    );
  }
  const open = async (props: Parameters<typeof Page>[0] = {}) => {
    renderWithApp(<Page {...props} />);
    await waitFor(() => expect(reasonsAsked).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    if (stock.length) await within(dialog).findAllByRole('radio');
    return dialog;
  };
  const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) => {
    const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    act(() => void target.dispatchEvent(e));
    return e;
  };
  const reason = (n: number) => screen.getAllByRole('radio')[n - 1] as HTMLInputElement;
  const detail = () => screen.getByRole('textbox', { name: /More detail \(optional\)|Reason/ }) as HTMLTextAreaElement;

  it("names what is rejected and lists the partner's stock reasons, numbered", async () => {
    const dialog = await open();
    expect(within(dialog).getByRole('heading', { name: 'Reject this item' })).toBeTruthy();
    expect(reasonsAsked).toEqual([expect.stringContaining(`/review/stock-reasons?partner=${PARTNER}`)]);
    const group = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label, .mantine-Radio-root')?.textContent),
    ).toEqual([`1${STOCK[0].text}BARCODE`, `2${STOCK[1].text}`]);
    expect(within(dialog).getByText('A digit picks a reason; Enter rejects.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'More detail (optional)' })).toBeTruthy();
  });

  it('says how many items it rejects and that the comments go with it', async () => {
    const dialog = await open({ count: 3, commentCount: 2 });
    expect(within(dialog).getByRole('heading', { name: 'Reject 3 items' })).toBeTruthy();
    expect(within(dialog).getByText('Your 2 comments on fields and files go with it.')).toBeTruthy();
  });

  it('asks for the reason in the text when there are no stock reasons', async () => {
    stock = [];
    const dialog = await open({ partner: null, commentCount: 1 });
    await within(dialog).findByText(
      'No stock reasons for this partner yet: type the reason, or add stock reasons below.',
    );
    expect(reasonsAsked).toEqual([expect.stringMatching(/\/review\/stock-reasons$/)]);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBeTruthy();
    expect(within(dialog).getByText('Your comment on a field or file goes with it.')).toBeTruthy();
  });

  it('puts focus on the first reason', async () => {
    await open();
    await waitFor(() => expect(document.activeElement).toBe(reason(1)));
  });

  it('puts focus on the text when there is no stock reason to pick', async () => {
    stock = [];
    await open();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' })));
  });

  it('rejects with the reason a digit picks when Enter is pressed', async () => {
    await open();
    expect(press('2').defaultPrevented).toBe(true);
    expect(reason(2).checked).toBe(true);
    // A digit with no reason behind it does nothing.
    expect(press('7').defaultPrevented).toBe(false);
    expect(reason(2).checked).toBe(true);
    press('Enter');
    expect(onConfirm).toHaveBeenCalledWith(STOCK[1].text, null);
  });

  it('sends the stock reason and the text together, the text on a line of its own', async () => {
    await open();
    fireEvent.click(reason(1));
    fireEvent.change(detail(), { target: { value: '  The left side is cut off.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    // The stock reason's reason code goes with it, for reporting.
    expect(onConfirm).toHaveBeenCalledWith(`${STOCK[0].text}\nThe left side is cut off.`, 'BARCODE');
  });

  it('keeps digits typed in the text there, and Shift+Enter is a new line, not a rejection', async () => {
    await open();
    const text = detail();
    expect(press('1', {}, text).defaultPrevented).toBe(false);
    expect(reason(1).checked).toBe(false);
    expect(press('Enter', { shiftKey: true }, text).defaultPrevented).toBe(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('with comments written, Enter rejects with them as the reason; a digit still adds a stock reason', async () => {
    await open({ commentCount: 2 });
    expect(
      screen.getByText('Enter rejects with your comments as the reason; a digit adds a stock reason.'),
    ).toBeTruthy();
    press('Enter');
    expect(onConfirm).toHaveBeenCalledWith(commentsAsReason(2), null);
    expect(commentsAsReason(2)).toBe('See the 2 comments beside the fields and photos they are about.');
    onConfirm.mockReset();
    press('1');
    press('Enter');
    expect(onConfirm).toHaveBeenCalledWith(STOCK[0].text, STOCK[0].code);
  });

  it('asks for a reason when none is picked or typed, and the message goes once one is', async () => {
    await open();
    fireEvent.change(detail(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(WORKSPACE_MSG.reasonRequired)).toBeTruthy();
    expect(detail().getAttribute('aria-invalid')).toBe('true');
    press('Enter');
    expect(onConfirm).not.toHaveBeenCalled();
    press('1');
    await waitFor(() => expect(screen.queryByText(WORKSPACE_MSG.reasonRequired)).toBeNull());
  });

  it('refuses a reason over the limit with the message the server would give', async () => {
    await open();
    fireEvent.click(reason(1));
    fireEvent.change(detail(), { target: { value: 'x'.repeat(REJECTION_REASON_MAX) } });
    press('Enter');
    expect(await screen.findByText(REVIEW_MSG.rejectionReasonTooLong)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(detail(), { target: { value: 'Cut off.' } });
    expect(screen.queryByText(REVIEW_MSG.rejectionReasonTooLong)).toBeNull();
    press('Enter');
    expect(onConfirm).toHaveBeenCalledWith(`${STOCK[0].text}\nCut off.`, 'BARCODE');
  });

  it('cancels with the button or Escape, and starts afresh when opened again', async () => {
    await open();
    fireEvent.click(reason(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    expect(reason(1).checked).toBe(false);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    // A digit once closed is the page's again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(press('1').defaultPrevented).toBe(false);
  });

  it('does not reject with Enter while the stock reasons are being edited', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit stock reasons' }));
    expect(screen.getByRole('button', { name: 'Done with stock reasons' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Stock reasons' })).toBeTruthy();
    fireEvent.click(reason(1));
    press('Enter');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('adds a stock reason with its reason code for reporting, upper-cased as typed', async () => {
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.includes('/review/stock-reasons') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { id: 9, partnerCompanyId: PARTNER, text: 'Blurred.', code: 'BLUR' });
      }
      if (path.includes('/review/stock-reasons')) {
        reasonsAsked.push(path);
        return jsonResponse(200, stock);
      }
      return jsonResponse(404, {});
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit stock reasons' }));
    const editor = screen.getByRole('group', { name: 'Stock reasons' });
    // The codes of the reasons there are listed beside them.
    expect(within(editor).getByText('[BARCODE]')).toBeTruthy();
    fireEvent.change(within(editor).getByRole('textbox', { name: /^New stock reason/ }), {
      target: { value: 'Blurred.' },
    });
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Reason code (reporting)' }), {
      target: { value: 'blur' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted).toEqual([{ partnerCompanyId: PARTNER, text: 'Blurred.', code: 'BLUR' }]));
  });
});
