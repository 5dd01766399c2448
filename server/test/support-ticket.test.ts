import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_TICKET_MSG } from '@portal/domain';
import { plainImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

// Part 1 section 2: staff see a support-ticket link (ticket id and url) on the detail page. Staff set it on the page
// (GraphQL) and through the integration API; suppliers neither see nor set it.
let server: TestServer;
let supplier: Client;
let admin: Client;
let viewer: Client;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, admin, viewer] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
});
afterAll(() => server?.close());

const SET = `mutation($id: ID!, $ticketId: String, $ticketUrl: String) {
  setSubmissionSupportTicket(id: $id, ticketId: $ticketId, ticketUrl: $ticketUrl) { zendeskTicketId zendeskTicketUrl } }`;
const DETAIL = `query($id: ID!) { getProductSubmission(id: $id) { zendeskTicketId zendeskTicketUrl can { setTicket } } }`;

async function submitted(): Promise<string> {
  const draft = (await supplier.upload('/api/draftSubmissions', [{ name: 'front.png', data: await plainImage() }]))
    .json;
  await supplier.graphql(
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    { id: draft.id, input: { files: [{ fileName: 'front.png', upc: '036000291452', productName: 'Ticketed' }] } },
  );
  const res = await supplier.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
    id: draft.id,
  });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.submitProductsFromDraftSubmission[0].id;
}

describe(`support ticket of a submission (${databaseKind})`, () => {
  it('staff set it on the detail page, see the link, change and remove it; each change is in the audit trail', async () => {
    const id = await submitted();
    expect((await admin.graphql(DETAIL, { id })).json.data.getProductSubmission).toMatchObject({
      zendeskTicketId: null,
      can: { setTicket: true },
    });
    const set = await admin.graphql(SET, { id, ticketId: ' ZD-48213 ', ticketUrl: 'https://support.example/t/48213' });
    expect(set.json.errors).toBeUndefined();
    expect(set.json.data.setSubmissionSupportTicket).toEqual({
      zendeskTicketId: 'ZD-48213',
      zendeskTicketUrl: 'https://support.example/t/48213',
    });
    // The supplier sees no ticket, and may not set one; a read-only administrator sees it but may not change it.
    expect((await supplier.graphql(DETAIL, { id })).json.data.getProductSubmission).toMatchObject({
      zendeskTicketId: null,
      zendeskTicketUrl: null,
      can: { setTicket: false },
    });
    expect((await supplier.graphql(SET, { id, ticketId: 'X-1' })).json.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await viewer.graphql(DETAIL, { id })).json.data.getProductSubmission.zendeskTicketId).toBe('ZD-48213');
    expect((await viewer.graphql(SET, { id, ticketId: 'X-1' })).json.errors?.[0].extensions.code).toBe('FORBIDDEN');

    // Bad input is refused with the field and the reason.
    const badUrl = await admin.graphql(SET, { id, ticketId: 'ZD-1', ticketUrl: 'javascript:alert(1)' });
    expect(badUrl.json.errors?.[0].message).toBe(SUPPORT_TICKET_MSG.url);
    const badId = await admin.graphql(SET, { id, ticketId: 'two words' });
    expect(badId.json.errors?.[0].message).toBe(SUPPORT_TICKET_MSG.id);
    const urlOnly = await admin.graphql(SET, { id, ticketId: '', ticketUrl: 'https://support.example/t/1' });
    expect(urlOnly.json.errors?.[0].message).toBe(SUPPORT_TICKET_MSG.urlWithoutId);

    const removed = await admin.graphql(SET, { id, ticketId: '', ticketUrl: '' });
    expect(removed.json.data.setSubmissionSupportTicket).toEqual({ zendeskTicketId: null, zendeskTicketUrl: null });
    const trail = await admin.request('GET', '/api/audit?action=submission.ticket_set');
    expect(trail.status).toBe(200);
    expect(JSON.stringify(trail.json)).toContain('ZD-48213');
  });

  it('staff set it through the integration API; the answer carries it, and a supplier is refused', async () => {
    const id = await submitted();
    const path = `/api/v1/submissions/${id}/support-ticket`;
    const set = await admin.request('PUT', path, { ticket_id: 'ZD-5', ticket_url: 'https://support.example/t/5' });
    expect(set.status).toBe(200);
    expect(set.json.support_ticket).toEqual({ id: 'ZD-5', url: 'https://support.example/t/5' });
    expect(set.headers.get('etag')).toBeTruthy();
    expect((await admin.request('GET', `/api/v1/submissions/${id}`)).json.support_ticket).toEqual({
      id: 'ZD-5',
      url: 'https://support.example/t/5',
    });
    expect((await supplier.request('GET', `/api/v1/submissions/${id}`)).json.support_ticket).toBeNull();
    expect((await supplier.request('PUT', path, { ticket_id: 'ZD-6' })).status).toBe(403);
    const bad = await admin.request('PUT', path, { ticket_id: 'ZD-7', ticket_url: 'http://plain.example' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(SUPPORT_TICKET_MSG.url);
    expect((await admin.request('PUT', path, { ticket_id: null })).json.support_ticket).toBeNull();
  });
});
