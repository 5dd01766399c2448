import { vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.ts';
import type { Submission } from './submission-api.ts';

export interface Call {
  url: string;
  operation: string;
  variables: Record<string, unknown>;
  body: BodyInit | null | undefined;
}

/** An answer per GraphQL operation name (or REST path): a value, a Response, or a function of the variables. */
export type Answers = Record<string, unknown>;

/** A fake server behind fetch: GraphQL operations answered by name, REST calls by path. */
export function fakeServer(answers: Answers) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url === '/graphql') {
      const body = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
      const operation = /(?:query|mutation) (\w+)/.exec(body.query)?.[1] ?? '';
      calls.push({ url, operation, variables: body.variables ?? {}, body: init?.body });
      return respond(answers[operation], body.variables ?? {}, operation);
    }
    calls.push({ url, operation: url, variables: {}, body: init?.body });
    return respond(answers[url], {}, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, operations: () => calls.map((c) => c.operation) };
}

async function respond(answer: unknown, variables: Record<string, unknown>, name: string): Promise<Response> {
  const value =
    typeof answer === 'function' ? await (answer as (v: Record<string, unknown>) => unknown)(variables) : answer;
  if (value instanceof Response) return value;
  if (value === undefined) return jsonResponse(404, { code: 'NOT_FOUND', message: `No fake answer for ${name}` });
  return jsonResponse(200, value);
}

export const graphqlError = (code: string, message: string, fields?: Record<string, string>) => ({
  data: null,
  errors: [{ message, extensions: { code, ...(fields && { fields }) } }],
});

export function buildSubmission(over: Partial<Submission> = {}): Submission {
  return {
    id: 's1',
    upc: '036000291452',
    ean13Upc: '0036000291452',
    productName: 'Tomato Soup',
    itemStatus: 'SUBMITTED',
    statusDisplayName: 'Submitted',
    isImported: false,
    companyName: 'Green Valley Foods',
    creatorEmail: 'supplier@example.com',
    creatorFirstName: 'Sam',
    creatorLastName: 'Supplier',
    detectedUpcs: ['036000291452'],
    partnerCompanyId: null,
    zendeskTicketId: null,
    zendeskTicketUrl: null,
    updatedDate: '2025-03-07T16:05:00',
    badge: null,
    badgeNote: null,
    readiness: null,
    rejectionReason: null,
    files: [
      {
        fileName: 'front.png',
        kind: 'png',
        isMarketingImage: true,
        detectedUpcs: ['036000291452'],
        detectedFrom: 'bars',
        detectionStatus: 'done',
        imageUrl: '/api/productSubmissions/s1/image/front.png',
        thumbnailUrl: '/api/productSubmissions/s1/image/front.png?thumbnail=true',
        barcodeRegion: null,
        barcodeOutline: null,
        qualityIssues: [],
        factReadingStatus: null,
        photoRoles: ['front', 'barcode'],
      },
    ],
    history: [
      {
        at: '2025-03-07T16:00:00',
        fromStatus: 'IN_PROGRESS',
        toStatus: 'SUBMITTED',
        reason: null,
        by: 'Sam Supplier',
        comments: [],
      },
    ],
    reviewComments: [],
    facts: null,
    factSources: [],
    can: { review: false, editName: true, delete: true, appeal: false, resubmit: false, setTicket: false },
    ...over,
  };
}
