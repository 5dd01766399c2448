import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtMain, stopInstances } from '../../server/test/support/instances.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface PortalProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A portal of its own (`npm start`'s server on the built web app, embedded database in a fresh folder, demo data)
 * with settings the shared test portal does not have, e.g. a ten-minute job poll. Started and stopped by the caller.
 */
export async function startPortal(port: number, env: Record<string, string> = {}): Promise<PortalProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL; // the embedded database, whatever the caller's shell says
  const child = spawn(process.execPath, [builtMain], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    await stopInstances([child]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A hang limit, not a budget: a portal compiled at start on a machine busy with the rest of the suite can take minutes.
    const hangLimit = Date.now() + 600_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the portal on port ${port} exited (${child.exitCode})`);
      if (Date.now() > hangLimit) throw new Error(`the portal on port ${port} did not start`);
      try {
        if ((await fetch(`${url}/api/feature-flags/enabled`)).ok) break;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, child, stop };
}
