import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDeliveryView, WebhookView } from '@portal/domain';
import { renderWithApp } from '../../test/render.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';

const WEBHOOK: WebhookView = {
  id: 7,
  companyId: 1001,
  url: 'https://example.com/hooks',
  events: ['submission.catalogued'],
  active: true,
  previousSecretValidUntil: null,
  createdDate: '2026-11-01T10:00:00.000Z',
  updatedDate: '2026-11-01T10:00:00.000Z',
};

/** 120 deliveries, newest (id 120) first, as the server keeps them. */
const LOG: WebhookDeliveryView[] = Array.from({ length: 120 }, (_, i) => {
  const id = 120 - i;
  return {
    id,
    messageId: `msg_${id}`,
    eventType: 'webhook.ping',
    status: 'SUCCEEDED',
    createdDate: new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString(),
    nextAttemptDate: null,
    payload: '{}',
    attempts: [],
  };
});

/** The server's answer to GET /api/webhooks/7/deliveries?after|before&limit, from LOG. */
function answer(url: string): WebhookDeliveryView[] {
  const query = new URL(url, 'http://localhost').searchParams;
  const limit = Number(query.get('limit') ?? 50);
  const after = query.get('after');
  const before = query.get('before');
  if (before) {
    const newer = LOG.filter((d) => d.id > Number(before));
    return newer.slice(Math.max(0, newer.length - limit));
  }
  return LOG.filter((d) => !after || d.id < Number(after)).slice(0, limit);
}

describe('the delivery log', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(
      async (url) =>
        new Response(JSON.stringify(answer(String(url))), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const shownIds = () =>
    within(screen.getByRole('table', { name: 'Deliveries' }))
      .getAllByText(/^msg_\d+ ·/)
      .map((el) => Number(/msg_(\d+)/.exec(el.textContent ?? '')![1]));
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('pages 50 at a time, older and newer, each page read from a delivery shown', async () => {
    renderWithApp(<DeliveryLog webhook={WEBHOOK} mayRedeliver={false} />);
    await screen.findByText(/^msg_120 ·/);
    expect(shownIds()).toEqual(LOG.slice(0, 50).map((d) => d.id));
    expect(button('Newer deliveries').disabled).toBe(true);
    fireEvent.click(button('Older deliveries'));
    await screen.findByText(/^msg_70 ·/);
    expect(shownIds()).toEqual(LOG.slice(50, 100).map((d) => d.id));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('after=71');
    fireEvent.click(button('Older deliveries'));
    await screen.findByText(/^msg_20 ·/);
    expect(shownIds()).toEqual(LOG.slice(100).map((d) => d.id));
    expect(button('Older deliveries').disabled).toBe(true);
    fireEvent.click(button('Newer deliveries'));
    await screen.findByText(/^msg_70 ·/);
    expect(shownIds()).toEqual(LOG.slice(50, 100).map((d) => d.id));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('before=20');
    fireEvent.click(button('Newer deliveries'));
    await screen.findByText(/^msg_120 ·/);
    expect(shownIds()).toEqual(LOG.slice(0, 50).map((d) => d.id));
    await waitFor(() => expect(button('Newer deliveries').disabled).toBe(true));
  });

  it('a log of one page shows no paging', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(LOG.slice(0, 3)), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    renderWithApp(<DeliveryLog webhook={WEBHOOK} mayRedeliver={false} />);
    await screen.findByText(/^msg_118 ·/);
    expect(screen.queryByRole('navigation', { name: 'Pages of the delivery log' })).toBeNull();
  });
});
