/**
 * Portal instances as separate processes (the built `server/src/main.ts`, as `npm start` runs it), for the tests of several
 * instances on one database and of crashes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built server (scripts/build-server.mjs, built by the test set-up): a start costs half of one through tsx. */
export const builtMain = fileURLToPath(new URL('../../dist/main.mjs', import.meta.url));

export interface Started {
  child: ChildProcess;
  /** True once the instance said it runs; false when it exited first. */
  running: boolean;
  /** What it printed (stdout and stderr) until then. */
  output: string;
  code: number | null;
}

/** Starts an instance with these settings on top of this process's; resolves once it runs or once it exits. */
export function startInstance(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [builtMain], {
    // No drain at SIGTERM unless a test asks: there is no load balancer to take the instance out.
    env: { ...process.env, SHUTDOWN_DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Product Hub (worker )?is running/.test(output)) resolve({ child, running: true, output, code: null });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code, signal) => resolve({ child, running: false, output, code: code ?? (signal ? -1 : null) }));
  });
}

/** Starts an instance that must come up; fails with its output when it does not. */
export async function startRunning(env: Record<string, string>): Promise<ChildProcess> {
  const started = await startInstance(env);
  if (!started.running)
    throw new Error(`instance on port ${env.PORT ?? '-'} exited with ${started.code}: ${started.output}`);
  return started.child;
}

/** Stops the processes still running (SIGTERM unless told) and waits until each has exited. */
export async function stopInstances(
  children: readonly (ChildProcess | undefined)[],
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  const running = children.filter((c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null);
  const exited = running.map((c) => new Promise<void>((resolve) => c.once('exit', () => resolve())));
  for (const child of running) child.kill(signal);
  await Promise.all(exited);
}
