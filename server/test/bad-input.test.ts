/**
 * Bad input the attack suite adds to the per-feature tests (which already cover files lying about their type,
 * truncated and empty files, over-size uploads, '../' in names, malformed CSVs, wrong origins, session fixation
 * and the login rate limits): every case gets a clear 4xx and the server keeps serving.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUERY_DEPTH, MAX_QUERY_FIELDS } from '../src/graphql/limits.ts';
import { MALFORMED_UPLOAD_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from '../src/lib/errors.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, send, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let supplier: Client;
beforeAll(async () => {
  server = await startTestServer();
  supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
});
afterAll(() => server?.close());

/** A small, valid PNG that declares 60000 × 60000 pixels: 3.6 billion pixels once decoded. */
function pngBomb(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const side = 60_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc((side + 1) * 16)); // a few rows of zeros; the rest is never reached
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', ihdr),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const cases: string[] = [];
async function expectClear4xx(
  label: string,
  res: { status: number; json?: { code?: string; message?: string; errors?: { message: string }[] } },
) {
  cases.push(label);
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  const message = res.json?.message ?? res.json?.errors?.[0]?.message;
  expect(message, label).toBeTruthy();
  // And the server is still serving.
  expect((await supplier.get('/api/health')).status).toBe(200);
}

describe(`bad input (${databaseKind})`, () => {
  it('refuses a decompression bomb: an image declaring billions of pixels', async () => {
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: 'bomb.png', data: pngBomb(), type: 'image/png' },
    ]);
    await expectClear4xx('PNG bomb', res);
  });

  it('refuses malformed PDFs: a bare header, and a PDF cut short', async () => {
    const header = new TextEncoder().encode('%PDF-1.7\n%garbage that is not a PDF body\n');
    await expectClear4xx(
      'PDF header only',
      await supplier.upload('/api/draftSubmissions', [{ name: 'label.pdf', data: header, type: 'application/pdf' }]),
    );
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const whole = await doc.save();
    const cut = whole.slice(0, Math.floor(whole.length / 2));
    await expectClear4xx(
      'PDF cut in half',
      await supplier.upload('/api/draftSubmissions', [{ name: 'half.pdf', data: cut, type: 'application/pdf' }]),
    );
  });

  it('treats NUL bytes and very long file names as labels: the upload is refused or stored safely, never on a path', async () => {
    const png = await barcodeImage('036000291452');
    const nul = await supplier.upload('/api/draftSubmissions', [
      { name: 'front\u0000.png', data: png, type: 'image/png' },
    ]);
    cases.push('NUL in file name');
    if (nul.status < 300) expect(JSON.stringify(nul.json)).not.toContain('\\u0000');
    else expect(nul.status).toBeLessThan(500);
    const long = await supplier.upload('/api/draftSubmissions', [
      { name: `${'a'.repeat(5000)}.png`, data: png, type: 'image/png' },
    ]);
    cases.push('5000-character file name');
    expect(long.status).toBeLessThan(500);
    if (long.status < 300) expect(long.json.files[0].fileName.length).toBeLessThanOrEqual(255);
    expect((await supplier.get('/api/health')).status).toBe(200);
  });

  it('answers 413 to an oversized JSON body', async () => {
    const big = { query: `{ currentUser { id } }`, variables: { padding: 'x'.repeat(2 * 1024 * 1024) } };
    await expectClear4xx('2 MB JSON body', await supplier.post('/graphql', big));
  });

  it('refuses a malformed or cut-short multipart body on every upload route (400, not a server error)', async () => {
    const cookie = [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const send = (path: string, contentType: string, body: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType, origin: server.url, cookie },
        body,
      });
    const cutShort = '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc';
    for (const path of ['/api/draftSubmissions', '/api/bulkIngestion/jobs', '/api/productSubmissions/resubmit']) {
      for (const [label, type, body] of [
        ['no boundary', 'multipart/form-data', 'abc'],
        ['cut short', 'multipart/form-data; boundary=xyz', cutShort],
      ]) {
        const res = await send(path, type, body);
        const json = await res.json();
        await expectClear4xx(`multipart ${label} to ${path}`, { status: res.status, json });
        if (res.status === 400)
          expect(json, `${label} ${path}`).toMatchObject({
            code: 'MALFORMED_UPLOAD',
            message: MALFORMED_UPLOAD_MESSAGE,
          });
      }
    }
  });

  it('refuses malformed JSON', async () => {
    const res = await supplier.request('POST', '/graphql', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    cases.push('empty JSON body');
    expect(res.status).toBeGreaterThanOrEqual(400);
    const raw = await send(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: '{"query": "{ currentUser { id } }"',
    });
    await expectClear4xx('truncated JSON', { status: raw.status, json: await raw.json() });
    // On a REST route, in our own vocabulary of codes (not the framework's FST_ERR_CTP_INVALID_JSON_BODY).
    const rest = await send(`${server.url}/api/companies/1001/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: '{"url": ',
    });
    const json = await rest.json();
    await expectClear4xx('truncated JSON on REST', { status: rest.status, json });
    expect(json.code).toBe('BAD_REQUEST');
  });

  it('answers another content type than JSON with 415 and our own code, as the OpenAPI document says', async () => {
    const cookie = [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await send(`${server.url}/api/companies/1001/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', origin: server.url, cookie },
      body: '<webhook/>',
    });
    const json = await res.json();
    await expectClear4xx('XML body', { status: res.status, json });
    expect(res.status).toBe(415);
    expect(json).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: UNSUPPORTED_MEDIA_TYPE_MESSAGE,
      status: 415,
    });
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const documented = (await supplier.get('/api/openapi.json')).json.paths['/api/companies/{companyId}/webhooks'].post
      .responses;
    expect(Object.keys(documented)).toEqual(expect.arrayContaining(['413', '415']));
  });

  it(`refuses GraphQL queries deeper than ${MAX_QUERY_DEPTH} levels`, async () => {
    let nested = 'name';
    for (let i = 0; i < MAX_QUERY_DEPTH + 2; i++) nested = `ofType { ${nested} }`;
    await expectClear4xx(
      'deep query',
      await supplier.graphql(`{ __schema { types { fields { type { ${nested} } } } } }`),
    );
  });

  it(`refuses GraphQL queries asking for more than ${MAX_QUERY_FIELDS} fields, counting fragments where used`, async () => {
    const aliases = Array.from({ length: MAX_QUERY_FIELDS + 1 }, (_, i) => `a${i}: currentUser { id }`).join(' ');
    await expectClear4xx('alias flood', await supplier.graphql(`{ ${aliases} }`));
    const fragments = Array.from({ length: 30 }, (_, i) => `f${i}: currentUser { ...U }`).join(' ');
    const wide = Array.from({ length: 20 }, (_, i) => `x${i}: id`).join(' ');
    await expectClear4xx(
      'fragment multiplication',
      await supplier.graphql(`{ ${fragments} } fragment U on User { ${wide} }`),
    );
    const fine = await supplier.graphql(`{ currentUser { id email } }`);
    expect(fine.json.data.currentUser.email).toBe('supplier@example.com');
  });

  it('reports the count of bad-input cases tried', () => {
    console.log(`bad-input cases (${databaseKind}): ${cases.length}: ${cases.join(', ')}`);
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });
});
