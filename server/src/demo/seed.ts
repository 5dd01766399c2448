import { sql } from 'drizzle-orm';
import { ALL_SCOPES, FEATURE_FLAGS, SCOPES } from '@portal/domain';
import type { Db } from '../db/client.ts';
import { companies, featureFlags, partnerConfigurations, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

/** Fixed demo sign-ins: the README, guides and tests rely on them. */
export const DEMO_ACCOUNTS = [
  { email: 'supplier@example.com', password: 'Supplier-demo-1', firstName: 'Sam', lastName: 'Supplier', companyId: 1001, scopes: [] as string[], role: 'supplier (Green Valley Foods)' },
  { email: 'supplier2@example.com', password: 'Supplier-demo-2', firstName: 'Sasha', lastName: 'Second', companyId: 1001, scopes: [], role: 'supplier (Green Valley Foods)' },
  { email: 'other@example.com', password: 'Other-demo-1', firstName: 'Olive', lastName: 'Other', companyId: 1002, scopes: [], role: 'supplier (Blue Harbor Snacks)' },
  { email: 'admin@example.com', password: 'Admin-demo-1', firstName: 'Ada', lastName: 'Admin', companyId: 1000, scopes: [...ALL_SCOPES], role: 'administrator, all scopes' },
  { email: 'viewer@example.com', password: 'Viewer-demo-1', firstName: 'Vic', lastName: 'Viewer', companyId: 1000, scopes: [SCOPES.readAllProductSubmissions], role: 'read-only administrator' },
];

export const DEMO_COMPANIES = [
  { id: 1000, name: 'Product Hub Staff', kind: 'staff' as const },
  { id: 1001, name: 'Green Valley Foods', kind: 'supplier' as const },
  { id: 1002, name: 'Blue Harbor Snacks', kind: 'supplier' as const },
  { id: 30443, name: 'FRESH MARKET GROCERS', kind: 'partner' as const },
];

/** Creates the demo dataset on an empty database; all in one transaction so a crash leaves nothing half-made. */
export async function seedDemoData(db: Db) {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    await tx.insert(companies).values(DEMO_COMPANIES);
    // Explicit ids above: move the sequence past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`);
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a, i) => ({
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        companyId: a.companyId,
        scopes: a.scopes,
        passwordHash: hashes[i],
      })),
    );
    await tx.insert(partnerConfigurations).values({
      companyId: 30443,
      primaryColor: '#2e7d32',
      secondaryColor: '#fbc02d',
      landingPageEnabled: true,
      // Shipping profiles come later in the demo story; the partner asks for names and marketing images.
      fieldRules: { productName: { required: true }, shippingProfile: { required: false } },
    });
    await tx.insert(featureFlags).values(FEATURE_FLAGS.map((name) => ({ name, enabled: true }))).onConflictDoNothing();
  });
}
