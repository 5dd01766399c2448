import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { CATALOGUE_CSV_COLUMNS, DRAFT_MSG, gs1CheckDigit } from '@portal/domain';
import { cataloguedProducts, mailOutbox, productSubmissions } from '../src/db/schema.ts';
import { barcodeImage, plainImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { aCatalogueProduct, aSubmission, BLUE_HARBOR, GREEN_VALLEY } from './support/factories.ts';

let server: TestServer;
let supplier: Client;
let admin: Client;
let other: Client;
let viewer: Client;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, admin, other, viewer] = [
    new Client(server.url),
    new Client(server.url),
    new Client(server.url),
    new Client(server.url),
  ];
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
});
afterAll(() => server?.close());

/** The EAN-13 of a UPC-A made from 11 digits (check digit added): '0' + UPC-A. */
const ean = (body: string) => '0' + body + gs1CheckDigit(body);

const PRODUCT_FIELDS = `ean13Upc description brand department category subcategory itemSize unitsOfMeasure packCount updatedDate
  shippingProfileId isDelisted imageUrls thumbnailUrls can { addImages setShippingProfile delist }`;
const getProduct = async (c: Client, code: string) =>
  (await c.graphql(`query($e: String!) { getCataloguedProduct(ean13Upc: $e) { ${PRODUCT_FIELDS} } }`, { e: code }))
    .json;
const list = async (c: Client, args: Record<string, unknown> = {}) => {
  const res = await c.graphql(
    `query($upcPrefix: String, $page: Int, $pageSize: Int, $sortBy: CatalogueSortField, $sortDirection: SortDirection, $brand: String, $description: String) {
      getCataloguedProducts(upcPrefix: $upcPrefix, page: $page, pageSize: $pageSize, sortBy: $sortBy, sortDirection: $sortDirection, brand: $brand, description: $description) {
        total page pageSize items { ean13Upc brand description itemSize isDelisted } } }`,
    args,
  );
  if (res.json.errors) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.getCataloguedProducts as {
    total: number;
    page: number;
    pageSize: number;
    items: { ean13Upc: string; brand: string; description: string; isDelisted: boolean }[];
  };
};
const CATALOGUE = `mutation($id: ID!, $input: CertifiedValuesInput!) { catalogueSubmission(id: $id, input: $input) {
  itemStatus history { fromStatus toStatus by } } }`;
const catalogue = (c: Client, id: string, input: Record<string, unknown>) => c.graphql(CATALOGUE, { id, input });
const setStatus = (c: Client, id: string, status: string) =>
  c.graphql(
    `mutation($id: ID!, $status: DecisionStatus!) { updateProductSubmissionStatus(id: $id, status: $status) { itemStatus } }`,
    { id, status },
  );
const statusOf = async (id: string) =>
  (
    await server.database.db
      .select({ s: productSubmissions.itemStatus })
      .from(productSubmissions)
      .where(eq(productSubmissions.id, id))
  )[0].s;

/** A supplier's product submitted (a plain photo, so the checks leave it for staff); optionally staff accept it. */
async function submit(c: Client, upc: string, opts: { accept?: boolean } = {}) {
  const submission = await aSubmission(server, {
    company: c === other ? BLUE_HARBOR : GREEN_VALLEY,
    upc,
    name: 'Test product',
    status: opts.accept ? 'ACCEPTED' : 'SUBMITTED',
    files: [{ data: await plainImage(), detectedUpcs: [] }],
  });
  return submission.id;
}

/** The supplier's submission of `code`, accepted and catalogued by staff with these values; its id. */
async function catalogued(code: string, values: { description: string; brand: string }) {
  const { submission } = await aCatalogueProduct(server, {
    upc: code,
    name: 'Test product',
    values,
    files: [{ data: await plainImage(), detectedUpcs: [] }],
  });
  return submission.id;
}

const csvFile = (text: string) => [{ name: 'values.csv', data: Buffer.from(text), type: 'text/csv' }];
const HEADER = CATALOGUE_CSV_COLUMNS.join(',');

describe(`cataloguing (${databaseKind})`, () => {
  it('staff catalogue an accepted item: values stored, CATALOGUED with history, the creator e-mailed', async () => {
    const code = ean('06141410001');
    const id = await submit(supplier, code, { accept: true });
    const bad = await catalogue(admin, id, { description: '', brand: 'x'.repeat(101), packCount: 0 });
    expect(bad.json.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(bad.json.errors[0].extensions.fields).toMatchObject({
      description: 'Description is required.',
      brand: 'Brand must be at most 100 characters.',
    });
    expect(await statusOf(id)).toBe('ACCEPTED');

    const res = await catalogue(admin, id, {
      description: ' Rolled oats ',
      brand: 'Green Valley',
      itemSize: '18',
      unitsOfMeasure: 'oz',
      packCount: 2,
    });
    expect(res.json.data.catalogueSubmission.itemStatus).toBe('CATALOGUED');
    expect(res.json.data.catalogueSubmission.history.at(-1)).toEqual({
      fromStatus: 'ACCEPTED',
      toStatus: 'CATALOGUED',
      by: 'Ada Admin',
    });
    const p = (await getProduct(supplier, code)).data.getCataloguedProduct;
    expect(p).toMatchObject({
      ean13Upc: code,
      description: 'Rolled oats',
      brand: 'Green Valley',
      department: null,
      itemSize: '18',
      unitsOfMeasure: 'oz',
      packCount: 2,
      isDelisted: false,
      shippingProfileId: null,
    });
    expect(p.can).toEqual({ addImages: true, setShippingProfile: true, delist: false });
    // The accepted submission's files are the product's images.
    expect(p.imageUrls).toEqual([`/api/productSubmissions/${id}/image/front.png`]);
    expect(p.thumbnailUrls).toEqual([`/api/productSubmissions/${id}/image/front.png?thumbnail=true`]);
    expect((await supplier.get(p.thumbnailUrls[0])).status).toBe(200);
    expect(
      (await admin.graphql(`query($e: String!) { getCataloguedProductImageUrls(ean13Upc: $e) }`, { e: code })).json.data
        .getCataloguedProductImageUrls,
    ).toEqual(p.imageUrls);
    await server.ctx.jobs!.drain();
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'supplier@example.com'))
      .orderBy(desc(mailOutbox.id));
    const mail = mails.find((m) => m.text.includes(`/cataloguedProducts/${code}`));
    expect(mail?.text).toContain('has been catalogued');
  });

  it('refuses an item that is not accepted, a supplier and a read-only admin', async () => {
    const id = await submit(supplier, ean('06141410002'));
    const values = { description: 'Thing', brand: 'Brand' };
    const notAccepted = await catalogue(admin, id, values);
    expect(notAccepted.json.errors[0].extensions.code).toBe('INVALID_TRANSITION');
    expect((await catalogue(supplier, id, values)).json.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await catalogue(viewer, id, values)).json.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await catalogue(other, id, values)).json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect(
      await server.database.db
        .select()
        .from(cataloguedProducts)
        .where(eq(cataloguedProducts.ean13Upc, ean('06141410002'))),
    ).toEqual([]);
  });
});

describe(`catalogue list (${databaseKind})`, () => {
  const codes = ['06141412001', '06141412002', '06141412003', '06141413001'].map(ean);
  beforeAll(async () => {
    const rows = codes.map((c, i) => `${c},Item ${'DCBA'[i]},Brand ${'ABCD'[i]},,,,${10 + i},oz,`).join('\n');
    const res = await admin.upload('/api/cataloguedProducts/import', csvFile(`${HEADER}\n${rows}\n`), 'file');
    expect(res.status).toBe(200);
    for (const c of codes.slice(0, 3)) await submit(supplier, c);
  });

  it('filters by EAN-13 prefix and by a prefix typed as UPC-A', async () => {
    expect((await list(supplier, { upcPrefix: '006141412' })).items.map((i) => i.ean13Upc).sort()).toEqual(
      codes.slice(0, 3),
    );
    expect((await list(supplier, { upcPrefix: '06141412' })).total).toBe(3); // a UPC-A prefix (the EAN-13 has a leading 0)
    expect((await list(supplier, { upcPrefix: codes[1] })).items.map((i) => i.ean13Upc)).toEqual([codes[1]]);
    expect((await list(supplier, { upcPrefix: '999' })).total).toBe(0);
    // Staff see the fourth too; the supplier has no submission of it.
    expect((await list(admin, { upcPrefix: '00614141' })).total).toBeGreaterThanOrEqual(4);
    expect((await list(supplier, { upcPrefix: '0061414130' })).total).toBe(0);
  });

  it('pages and sorts on the server; brand and description filters', async () => {
    const byBrand = await list(supplier, {
      upcPrefix: '006141412',
      sortBy: 'brand',
      sortDirection: 'asc',
      pageSize: 2,
    });
    expect(byBrand).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(byBrand.items.map((i) => i.brand)).toEqual(['Brand A', 'Brand B']);
    const page2 = await list(supplier, {
      upcPrefix: '006141412',
      sortBy: 'brand',
      sortDirection: 'asc',
      pageSize: 2,
      page: 2,
    });
    expect(page2.items.map((i) => i.brand)).toEqual(['Brand C']);
    const byDesc = await list(supplier, { upcPrefix: '006141412', sortBy: 'description', sortDirection: 'asc' });
    expect(byDesc.items.map((i) => i.description)).toEqual(['Item B', 'Item C', 'Item D']);
    const bySize = await list(supplier, { upcPrefix: '006141412', sortBy: 'itemSize', sortDirection: 'desc' });
    expect(bySize.items.map((i) => i.ean13Upc)).toEqual([...codes.slice(0, 3)].reverse());
    expect(
      (await list(supplier, { upcPrefix: '006141412', description: 'item c' })).items.map((i) => i.ean13Upc),
    ).toEqual([codes[1]]);
    expect((await list(supplier, { upcPrefix: '006141412', brand: 'brand a' })).items.map((i) => i.ean13Upc)).toEqual([
      codes[0],
    ]);
    expect((await list(supplier, { pageSize: 1000 })).pageSize).toBe(100);
    expect((await supplier.graphql(`{ getCataloguedProducts(sortBy: nope) { total } }`)).json.errors[0].message).toBe(
      'Value "nope" does not exist in "CatalogueSortField" enum. Allowed values: brand, description, ean13Upc, itemSize, unitsOfMeasure, updatedDate.',
    );
    // The demo catalogue is there for Green Valley Foods, newest first by default.
    const all = await list(supplier);
    expect(all.items.map((i) => i.ean13Upc)).toEqual(expect.arrayContaining(['0001234567895', '0007017715408']));
  });

  it("another company's supplier neither finds nor lists a product only the first company submitted", async () => {
    const res = await getProduct(other, codes[0]);
    expect(res.data.getCataloguedProduct).toBeNull();
    expect(res.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(
      (await other.graphql(`query($e: String!) { getCataloguedProductImageUrls(ean13Upc: $e) }`, { e: codes[0] })).json
        .errors[0].extensions.code,
    ).toBe('NOT_FOUND');
    expect((await list(other, { upcPrefix: '00614141' })).total).toBe(0);
    expect((await list(other)).items.map((i) => i.ean13Upc)).not.toContain('0001234567895');
    expect((await getProduct(supplier, ean('06141499999'))).errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe(`certified values import (${databaseKind})`, () => {
  it('applies all-good rows in one go and catalogues the matching accepted submissions', async () => {
    const [a, b] = [ean('06141420001'), ean('06141420002')];
    const idA = await submit(supplier, a, { accept: true });
    const idPending = await submit(supplier, b);
    const res = await admin.upload(
      '/api/cataloguedProducts/import',
      csvFile(
        `${HEADER}\r\n${a},"Oats, rolled",Green Valley,Grocery,Cereal,Hot,18,oz,1\r\n${b.slice(1)},=SUM(A1),+Brand,,,,,,\r\n`,
      ),
      'file',
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ applied: 2, catalogued: 1 });
    expect(await statusOf(idA)).toBe('CATALOGUED');
    expect(await statusOf(idPending)).toBe('SUBMITTED');
    expect((await getProduct(supplier, a)).data.getCataloguedProduct).toMatchObject({
      description: 'Oats, rolled',
      department: 'Grocery',
      packCount: 1,
    });
    // A UPC-A in the file is stored as its EAN-13; formula-looking cells are plain text.
    expect((await getProduct(admin, b)).data.getCataloguedProduct).toMatchObject({
      description: '=SUM(A1)',
      brand: '+Brand',
      packCount: null,
    });
    // A second import updates the values.
    const again = await admin.upload(
      '/api/cataloguedProducts/import',
      csvFile(`${HEADER}\n${a},Oats,Green Valley,,,,,,\n`),
      'file',
    );
    expect(again.json).toEqual({ applied: 1, catalogued: 0 });
    expect((await getProduct(supplier, a)).data.getCataloguedProduct).toMatchObject({
      description: 'Oats',
      department: null,
    });
  });

  it('bad rows: 400 with row numbers and messages, nothing applied (also when mixed with good rows)', async () => {
    const good = ean('06141430001');
    const id = await submit(supplier, good, { accept: true });
    const res = await admin.upload(
      '/api/cataloguedProducts/import',
      csvFile(
        `${HEADER}\n${good},Good,Brand,,,,,,\n${good.slice(0, 12)}${(Number(good[12]) + 1) % 10},,Brand,,,,,,two\n${good},Again,Brand,,,,,,\nabc,X,Y,,,,,,\n`,
      ),
      'file',
    );
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('IMPORT_INVALID');
    expect(res.json.message).toMatch(/nothing was imported/);
    expect(res.json.rows.map((r: { row: number }) => r.row)).toEqual([3, 4, 5]);
    expect(res.json.rows[0].errors).toEqual(
      expect.arrayContaining(['Description is required.', 'Pack count must be a whole number greater than 0.']),
    );
    expect(res.json.rows[0].errors.some((e: string) => /check digit/.test(e))).toBe(true);
    expect(res.json.rows[1]).toMatchObject({
      ean13Upc: good,
      errors: [expect.stringMatching(/more than once.*row 2/)],
    });
    expect(res.json.rows[2].errors).toEqual(['The EAN-13 must contain digits only.']);
    expect(await statusOf(id)).toBe('ACCEPTED');
    expect(
      await server.database.db.select().from(cataloguedProducts).where(eq(cataloguedProducts.ean13Upc, good)),
    ).toEqual([]);
  });

  it('malformed files, wrong headers, no rows, size, and who may import', async () => {
    const wrong = await admin.upload('/api/cataloguedProducts/import', csvFile('upc,name\n1,2\n'), 'file');
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toMatch(/^The first row must name the columns: ean13Upc, description/);
    expect((await admin.upload('/api/cataloguedProducts/import', csvFile(`${HEADER}\n`), 'file')).json.message).toBe(
      'The file has no data rows.',
    );
    expect(
      (await admin.upload('/api/cataloguedProducts/import', csvFile(`${HEADER}\n"0036000291452,x\n`), 'file')).json
        .message,
    ).toMatch(/not valid CSV/);
    const big = await admin.upload(
      '/api/cataloguedProducts/import',
      csvFile(`${HEADER}\n${'x'.repeat(2 * 1024 * 1024 + 10)}`),
      'file',
    );
    expect(big.status).toBe(413);
    expect(
      (
        await admin.upload(
          '/api/cataloguedProducts/import',
          [{ name: 'a.png', data: await plainImage(), type: 'image/png' }],
          'file',
        )
      ).status,
    ).toBe(400);
    expect((await supplier.upload('/api/cataloguedProducts/import', csvFile(`${HEADER}\n`), 'file')).status).toBe(403);
    expect((await viewer.upload('/api/cataloguedProducts/import', csvFile(`${HEADER}\n`), 'file')).status).toBe(403);
  });

  it('template download: header plus an example row, as a CSV attachment, staff only', async () => {
    const res = await admin.get('/api/cataloguedProducts/import/template.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(HEADER);
    expect((await supplier.get('/api/cataloguedProducts/import/template.csv')).status).toBe(403);
  });
});

describe(`delisting (${databaseKind})`, () => {
  it('every CATALOGUED submission goes DELISTED, the product is hidden from suppliers and flagged for staff', async () => {
    const code = ean('06141440001');
    const id = await catalogued(code, { description: 'Leaving', brand: 'Soon' });
    const DELIST = `mutation($e: String!) { delistCataloguedProduct(ean13Upc: $e) { ean13Upc isDelisted can { delist addImages } } }`;
    expect((await supplier.graphql(DELIST, { e: code })).json.errors[0].extensions.code).toBe('FORBIDDEN');
    const res = await admin.graphql(DELIST, { e: code });
    expect(res.json.data.delistCataloguedProduct).toEqual({
      ean13Upc: code,
      isDelisted: true,
      can: { delist: false, addImages: false },
    });
    expect(await statusOf(id)).toBe('DELISTED');
    expect((await list(supplier, { upcPrefix: code })).total).toBe(0);
    expect((await list(admin, { upcPrefix: code })).items).toEqual([
      expect.objectContaining({ ean13Upc: code, isDelisted: true }),
    ]);
    expect((await admin.graphql(DELIST, { e: code })).json.errors[0].extensions.code).toBe('INVALID_TRANSITION');
    await server.ctx.jobs!.drain();
    const history = (
      await supplier.graphql(`query($id: ID!) { getProductSubmission(id: $id) { history { fromStatus toStatus } } }`, {
        id,
      })
    ).json.data.getProductSubmission.history;
    expect(history.at(-1)).toEqual({ fromStatus: 'CATALOGUED', toStatus: 'DELISTED' });
  });
});

describe(`shipping profile of a product (${databaseKind})`, () => {
  it('the supplier sets and removes it for its company; validation; not found; staff refused', async () => {
    const code = ean('06141450001');
    await catalogued(code, { description: 'Shipped', brand: 'Box' });
    const profile = async (c: Client, name: string) =>
      (
        await c.graphql(`mutation($input: ShippingProfileInput!) { createShippingProfile(input: $input) { id } }`, {
          input: { name, caseCount: 6 },
        })
      ).json.data.createShippingProfile.id as number;
    const [p12, p13, pOther] = [
      await profile(supplier, 'Ambient'),
      await profile(supplier, 'Chilled'),
      await profile(other, 'Frozen'),
    ];
    const set = await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: p12 });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      ean13Upc: code,
      shippingProfileId: p12,
      description: 'Shipped',
      isDelisted: false,
      imageUrls: [expect.any(String)],
    });
    // The same shape as the GraphQL type.
    expect(Object.keys(set.json).sort()).toEqual(
      Object.keys((await getProduct(supplier, code)).data.getCataloguedProduct).sort(),
    );
    expect(set.json.updatedDate).toBe((await getProduct(supplier, code)).data.getCataloguedProduct.updatedDate);
    expect((await getProduct(supplier, code)).data.getCataloguedProduct.shippingProfileId).toBe(p12);
    // Per company: the other user of the same company sees it; staff have none.
    const second = new Client(server.url);
    await second.login('supplier2@example.com', 'Supplier-demo-2');
    expect((await getProduct(second, code)).data.getCataloguedProduct.shippingProfileId).toBe(p12);
    expect((await getProduct(admin, code)).data.getCataloguedProduct.shippingProfileId).toBeNull();
    expect(
      (await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: p13 })).json.shippingProfileId,
    ).toBe(p13);
    for (const bad of [0, -3, 1.5, 'x']) {
      const res = await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: bad });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
    }
    const removed = await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: null });
    expect(removed.json.shippingProfileId).toBeNull();
    await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: p12 });
    expect(
      (await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: '' })).json.shippingProfileId,
    ).toBeNull();
    expect((await other.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: pOther })).status).toBe(404);
    // Only the company's own profiles: another company's, or none at all, is "not found".
    for (const foreign of [pOther, 999999]) {
      const res = await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: foreign });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('Shipping profile not found.');
    }
    expect(
      (await supplier.put(`/api/products/${ean('06141459999')}/shippingProfile`, { shippingProfileId: p12 })).status,
    ).toBe(404);
    expect((await admin.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: p12 })).status).toBe(403);
  });
});

describe(`adding images to a catalogued product (${databaseKind})`, () => {
  it('creates a SUBMITTED submission reviewed like the intake; once accepted its image shows on the product', async () => {
    const code = ean('06141460001');
    const first = await catalogued(code, { description: 'Pictured', brand: 'Cam' });
    const res = await supplier.upload(`/api/cataloguedProducts/${code}/images`, [
      { name: 'side.png', data: await barcodeImage(code) },
    ]);
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    await server.ctx.jobs!.drain();
    const d = (
      await supplier.graphql(
        `query($id: ID!) { getProductSubmission(id: $id) { upc ean13Upc itemStatus detectedUpcs fileNames history { fromStatus toStatus } } }`,
        { id },
      )
    ).json.data.getProductSubmission;
    expect(d).toMatchObject({
      upc: code,
      ean13Upc: code,
      itemStatus: 'SUBMITTED',
      detectedUpcs: [code],
      fileNames: ['side.png'],
    });
    expect(d.history).toEqual([{ fromStatus: null, toStatus: 'SUBMITTED' }]);
    expect((await getProduct(supplier, code)).data.getCataloguedProduct.imageUrls).toEqual([
      `/api/productSubmissions/${first}/image/front.png`,
    ]);

    await setStatus(admin, id, 'ACCEPTED');
    // Accepted, not catalogued: its images show; the newest submission comes first.
    expect(await statusOf(id)).toBe('ACCEPTED');
    const p = (await getProduct(supplier, code)).data.getCataloguedProduct;
    expect(p.imageUrls).toEqual([
      `/api/productSubmissions/${id}/image/side.png`,
      `/api/productSubmissions/${first}/image/front.png`,
    ]);
    expect((await supplier.get(p.imageUrls[0])).status).toBe(200);

    // Another company that submitted the same EAN-13 sees the product with its own images only.
    const theirs = await submit(other, code, { accept: true });
    const seen = (await getProduct(other, code)).data.getCataloguedProduct;
    expect(seen.imageUrls).toEqual([`/api/productSubmissions/${theirs}/image/front.png`]);
    expect((await getProduct(supplier, code)).data.getCataloguedProduct.imageUrls).not.toContain(seen.imageUrls[0]);
    expect((await getProduct(admin, code)).data.getCataloguedProduct.imageUrls).toHaveLength(3);

    // Refusals: no files, a bad file, a product the user cannot see, a read-only admin.
    expect((await supplier.upload(`/api/cataloguedProducts/${code}/images`, [])).status).toBe(400);
    expect(
      (
        await supplier.upload(`/api/cataloguedProducts/${code}/images`, [
          { name: 'x.png', data: Buffer.from('not an image') },
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await other.upload(`/api/cataloguedProducts/${ean('06141412001')}/images`, [
          { name: 'x.png', data: await plainImage() },
        ])
      ).status,
    ).toBe(404);
    expect(
      (await viewer.upload(`/api/cataloguedProducts/${code}/images`, [{ name: 'x.png', data: await plainImage() }]))
        .status,
    ).toBe(403);
    const count = await server.database.db
      .select()
      .from(productSubmissions)
      .where(and(eq(productSubmissions.ean13Upc, code), eq(productSubmissions.companyId, 1001)));
    expect(count).toHaveLength(2);
  });

  it("says before creating anything that the images' barcode is another code, and sends once the user confirms", async () => {
    const code = ean('06141460002');
    const another = ean('06141460003');
    await catalogued(code, { description: 'Other code', brand: 'Cam' });
    const path = `/api/cataloguedProducts/${code}/images`;
    const files = async () => [
      { name: 'wrong.png', data: await barcodeImage(another) },
      { name: 'side.png', data: await plainImage() },
    ];
    const submissionsOf = () =>
      server.database.db
        .select()
        .from(productSubmissions)
        .where(and(eq(productSubmissions.ean13Upc, code), eq(productSubmissions.companyId, 1001)));
    const before = (await submissionsOf()).length;

    const refused = await supplier.upload(path, await files());
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'BARCODE_DIFFERS',
      // The supplier typed no UPC here: the message gives the product's, as its page shows it.
      message: DRAFT_MSG.productUpcDiffers(code, [another], ['wrong.png']),
      fields: { 'wrong.png': another },
    });
    expect(await submissionsOf()).toHaveLength(before);

    const sent = await supplier.upload(path, await files(), 'files', { [DRAFT_MSG.sendDifferingField]: 'send' });
    expect(sent.status).toBe(201);
    // A photo of the product's own code, or none, needs no confirmation.
    expect((await supplier.upload(path, [{ name: 'own.png', data: await barcodeImage(code) }])).status).toBe(201);
    expect(await submissionsOf()).toHaveLength(before + 2);
  });
});
