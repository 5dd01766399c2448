import { ALL_SCOPES, FEATURE_FLAGS, SCOPES } from '@portal/domain';
import { isEmpty, type Db, type Tx } from '../db/client.ts';
import { lock, LOCK } from '../db/lock-order.ts';
import { hashPassword } from '../modules/users/passwords.ts';
import { insertCataloguedProducts } from '../modules/catalogue/repository.ts';
import { enableNewFlags } from '../modules/feature-flags/repository.ts';
import { insertConfiguration } from '../modules/partners/repository.ts';
import { insertCompaniesWithIds, insertUsers } from '../modules/users/repository.ts';
import { countChangesTogether } from '../modules/submissions/counts.ts';
import { recordPastSubmission } from '../modules/submissions/lifecycle.ts';
import { subscribeListeners } from '../listeners.ts';

/** Fixed demo sign-ins: the README, guides and tests rely on them. */
export const DEMO_ACCOUNTS = [
  {
    email: 'supplier@example.com',
    password: 'Supplier-demo-1',
    firstName: 'Sam',
    lastName: 'Supplier',
    companyId: 1001,
    scopes: [SCOPES.writeWebhooks] as string[],
    role: 'supplier (Green Valley Foods) who manages its webhooks',
  },
  {
    email: 'supplier2@example.com',
    password: 'Supplier-demo-2',
    firstName: 'Sasha',
    lastName: 'Second',
    companyId: 1001,
    scopes: [],
    role: 'supplier (Green Valley Foods)',
  },
  {
    email: 'other@example.com',
    password: 'Other-demo-1',
    firstName: 'Olive',
    lastName: 'Other',
    companyId: 1002,
    scopes: [SCOPES.writeWebhooks],
    role: 'supplier (Blue Harbor Snacks) who manages its webhooks',
  },
  {
    email: 'vendor@example.com',
    password: 'Vendor-demo-1',
    firstName: 'Val',
    lastName: 'Vendor',
    companyId: 1003,
    scopes: [],
    role: 'supplier (Sunrise Orchards) of Fresh Market Grocers, vendor terms not yet accepted',
  },
  {
    email: 'admin@example.com',
    password: 'Admin-demo-1',
    firstName: 'Ada',
    lastName: 'Admin',
    companyId: 1000,
    scopes: [...ALL_SCOPES],
    role: 'administrator, all scopes',
  },
  {
    email: 'viewer@example.com',
    password: 'Viewer-demo-1',
    firstName: 'Vic',
    lastName: 'Viewer',
    companyId: 1000,
    scopes: [SCOPES.readAllProductSubmissions],
    role: 'read-only administrator',
  },
];

export const DEMO_COMPANIES = [
  { id: 1000, name: 'Product Hub Staff', kind: 'staff' as const },
  { id: 1001, name: 'Green Valley Foods', kind: 'supplier' as const },
  { id: 1002, name: 'Blue Harbor Snacks', kind: 'supplier' as const },
  { id: 1003, name: 'Sunrise Orchards', kind: 'supplier' as const },
  { id: 30443, name: 'FRESH MARKET GROCERS', kind: 'partner' as const },
  // A partner retailer without a configuration yet: the one an administrator adds on /settings in the demo.
  { id: 30500, name: 'NORTHSIDE MARKET CO-OP', kind: 'partner' as const },
];

/**
 * Creates the demo dataset when the database is empty; all in one transaction so a crash leaves nothing half-made.
 * Instances starting together on one empty database take turns on an advisory lock: the first seeds, the others then
 * find the data there (each looks again once it holds the lock). True when this call seeded.
 */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  return db.transaction(async (tx) => {
    await lock(tx, LOCK.demoSeed);
    if (!(await isEmpty(tx))) return false;
    await seedInto(tx, hashes);
    return true;
  });
}

/** Creates the demo dataset on a database known to be empty (tests, benchmarks). */
export async function seedDemoData(db: Db) {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction((tx) => seedInto(tx, hashes));
}

async function seedInto(tx: Tx, hashes: string[]) {
  // Its submissions' counts refresh the company catalogues through the lifecycle's listeners: subscribed first, as
  // the seed may run before the context is made (main.ts).
  subscribeListeners();
  await insertCompaniesWithIds(tx, DEMO_COMPANIES);
  const created = await insertUsers(
    tx,
    DEMO_ACCOUNTS.map((a, i) => ({
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      companyId: a.companyId,
      scopes: a.scopes,
      passwordHash: hashes[i],
      // The Green Valley users sign in through Fresh Market Grocers in the demo story and accepted its vendor terms;
      // vendor@example.com has not, so it meets the vendor authorization prompt.
      tcAcceptanceDate: a.companyId === 1001 ? new Date(Date.now() - 30 * 24 * 3600 * 1000) : null,
    })),
  );
  await seedCatalogue(tx, created);
  await insertConfiguration(tx, {
    companyId: 30443,
    primaryColor: '#2e7d32',
    secondaryColor: '#fbc02d',
    landingPageEnabled: true,
    // Shipping profiles come later in the demo story; the partner asks for names and marketing images.
    fieldRules: { productName: { required: true }, shippingProfile: { required: false } },
  });
  await enableNewFlags(tx, FEATURE_FLAGS);
}

/**
 * Two catalogued products of Green Valley Foods, each through a submission (no files) that staff accepted and then
 * catalogued, with its history, so the Catalog list is not empty for a new user. No e-mails are queued.
 */
export const DEMO_CATALOGUE = [
  {
    ean13Upc: '0001234567895',
    upc: '001234567895',
    description: 'Organic rolled oats',
    brand: 'Green Valley',
    department: 'Grocery',
    category: 'Cereal',
    subcategory: 'Hot cereal',
    itemSize: '18',
    unitsOfMeasure: 'oz',
    packCount: null,
  },
  {
    ean13Upc: '0007017715408',
    upc: '007017715408',
    description: 'Sparkling apple juice',
    brand: 'Green Valley',
    department: 'Beverages',
    category: 'Juice',
    subcategory: 'Sparkling juice',
    itemSize: '750',
    unitsOfMeasure: 'ml',
    packCount: 6,
  },
];

async function seedCatalogue(tx: Tx, created: { id: number; email: string }[]) {
  const idOf = (email: string) => created.find((u) => u.email === email)!.id;
  const supplier = idOf('supplier@example.com');
  const admin = idOf('admin@example.com');
  const start = Date.now() - 3 * 24 * 3600 * 1000;
  const products: Parameters<typeof insertCataloguedProducts>[1] = [];
  // Many submissions in one transaction, then their products: the count changes applied together, and the company
  // catalogues refreshed once (the lock order, db/lock-order.ts).
  await countChangesTogether(tx, async () => {
    for (const [i, p] of DEMO_CATALOGUE.entries()) {
      const at = (hours: number) => new Date(start + (i * 24 + hours) * 3600 * 1000);
      await recordPastSubmission(
        tx,
        {
          companyId: 1001,
          userId: supplier,
          upc: p.upc,
          ean13Upc: p.ean13Upc,
          productName: p.description,
          itemStatus: 'CATALOGUED',
          createdAt: at(0),
          updatedAt: at(2),
        },
        [
          { userId: supplier, fromStatus: 'IN_PROGRESS', toStatus: 'SUBMITTED', at: at(0) },
          { userId: admin, fromStatus: 'SUBMITTED', toStatus: 'ACCEPTED', at: at(1) },
          { userId: admin, fromStatus: 'ACCEPTED', toStatus: 'CATALOGUED', at: at(2) },
        ],
      );
      const { upc: _upc, ...values } = p;
      products.push({ ...values, updatedBy: admin, createdAt: at(2), updatedAt: at(2) });
    }
  });
  await insertCataloguedProducts(tx, products);
}
