import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { createPostgresDatabase } from '../harness.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The plan PostgreSQL runs for a statement (EXPLAIN ANALYZE, values bound): the tables it scans in full, and per table
 * the kinds of scan and the rows they returned, every loop counted, and the rows it expected them to.
 */
export async function explainPlan(client: pg.Client, text: string, params: unknown[]) {
  const res = await client.query(`explain (analyze, format json) ${text}`, params);
  const nodes = nodesOf((res.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan);
  const on = (table: string) => nodes.filter((n) => n['Relation Name'] === table);
  return {
    seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
    rowsRead: (table: string) => on(table).reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0),
    /** The rows the planner expected the table's scans to return (per loop): what it chose the plan by. */
    rowsExpected: (table: string) => on(table).reduce((sum, n) => sum + n['Plan Rows'], 0),
    scans: (table: string) => on(table).map((n) => n['Node Type']),
    /** The indexes the plan reads (index, index-only and bitmap index scans). */
    indexes: nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
    /** The rows each Sort node took in (its input's rows, every loop counted). */
    sortedRows: nodes
      .filter((n) => n['Node Type'] === 'Sort')
      .map((n) => (n.Plans ?? []).reduce((sum, c) => sum + c['Actual Rows'] * c['Actual Loops'], 0)),
  };
}

/**
 * A plan test's database: a copy of the test template on PostgreSQL, filled by `seed`, the named tables vacuumed and
 * analysed, and a client of its own for EXPLAIN (`explainerOptions`: startup options, e.g. the search's). Made before
 * the file's tests and dropped after them; read `database` and `explainer` inside the tests.
 */
export function planDatabase(
  seed: (db: Database['db']) => Promise<void>,
  { analyse, explainerOptions }: { analyse: string[]; explainerOptions?: string },
) {
  const made: { database?: Database; explainer?: pg.Client; drop?: () => Promise<void> } = {};
  beforeAll(async () => {
    const created = await createPostgresDatabase(inject('databaseTemplate'));
    made.drop = created.drop;
    // Seed statements of 100,000 rows: on a loaded machine one may outlast the portal's query timeout (not the subject).
    made.database = await openPostgres(created.url, undefined, 300_000);
    await seed(made.database.db);
    for (const table of analyse) await made.database.db.execute(sql.raw(`vacuum analyze ${table}`));
    made.explainer = new pg.Client({ connectionString: created.url, options: explainerOptions });
    await made.explainer.connect();
  });
  afterAll(async () => {
    await made.explainer?.end();
    await made.database?.close();
    await made.drop?.();
  });
  return {
    get database() {
      return made.database!;
    },
    get explainer() {
      return made.explainer!;
    },
  };
}
