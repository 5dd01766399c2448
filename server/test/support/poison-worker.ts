/**
 * A worker process whose one job kills it: started by jobs-stalls-and-conflicts.postgres.test.ts with the database's URL, it claims
 * the job `test.poison` (lock of POISON_LOCK_MS) and dies by SIGKILL inside the handler, as a process does that a
 * file's decoder crashes or the kernel's out-of-memory killer ends. With nothing to claim it exits 0.
 */
import pino from 'pino';
import { z } from 'zod';
import { openPostgres } from '../../src/db/client.ts';
import { defineJob, JobRunner } from '../../src/jobs/queue.ts';

const database = await openPostgres(process.env.DATABASE_URL!);
const poison = defineJob({
  name: 'test.poison',
  payload: z.object({}),
  maxAttempts: 3,
  handler: async () => {
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => {}); // the signal ends the process before anything else runs
  },
});
await new JobRunner(database.db, pino({ level: 'silent' }), { lockMs: Number(process.env.POISON_LOCK_MS) })
  .register(poison)
  .drain();
await database.close();
