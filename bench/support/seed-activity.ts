/**
 * Seeds a database with `count` product submissions across `companies` supplier companies (one user each, all with
 * the password 'Bench-pass-1'), using set-based SQL so 100,000 rows take seconds.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.ts';
import { hashPassword } from '../../server/src/modules/users/passwords.ts';
import { rebuildCounts } from '../../server/src/modules/submissions/counts.ts';

export const BENCH_PASSWORD = 'Bench-pass-1';
export const benchUser = (company: number) => `bench-${company}@example.com`;

export async function seedActivity(db: Db, { count = 100_000, companies = 200 } = {}) {
  const hash = await hashPassword(BENCH_PASSWORD);
  await db.execute(sql`
    insert into companies (id, name, kind)
    select 5000 + g, 'Bench Company ' || g, 'supplier' from generate_series(1, ${companies}) g`);
  await db.execute(sql`
    insert into users (company_id, email, first_name, last_name, password_hash)
    select 5000 + g, 'bench-' || g || '@example.com', 'Bench', 'User ' || g, ${hash} from generate_series(1, ${companies}) g`);
  const statuses = ['SUBMITTED', 'ACCEPTED', 'AUTO_REJECTED', 'ADMIN_REJECTED', 'CATALOGUED'];
  await db.execute(sql`
    insert into product_submissions (company_id, user_id, upc, ean13_upc, product_name, item_status, created_at, updated_at)
    select 5000 + 1 + (g % ${companies}),
      (select id from users where company_id = 5000 + 1 + (g % ${companies})),
      lpad((g % 1000000000000)::text, 12, '0'), lpad((g % 1000000000000)::text, 13, '0'),
      'Bench product ' || g,
      (array[${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )}])[1 + ((g / ${companies}) % ${statuses.length})],
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(1, ${count}) g`);
  await rebuildCounts(db);
  // What autovacuum does soon after a bulk insert: statistics, and the visibility map that lets counts read the
  // index alone. Measuring before it ran would time a state the portal spends a minute in.
  await db.execute(sql`vacuum analyze product_submissions`);
}
