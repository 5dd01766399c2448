import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodePng } from '../../test/support/media-files.ts';
import { until } from '../../test/support/wait.ts';
import { DependencyUnavailableError, isDependencyOutage } from '../lib/dependency-errors.ts';
import { MediaPool, mediaProcessKills } from './media-pool.ts';
import { MediaError, MEDIA_MSG } from './messages.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-limits-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A photo of noise with no barcode: every reader and the printed-digit search go over all of it (seconds of CPU). */
async function noisePhoto(name: string): Promise<string> {
  const width = 2400;
  const height = 1800;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 23;
  }
  const file = path.join(dir, name);
  await writeFile(
    file,
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  return file;
}

/** Whether a process is gone: no such process, or a zombie its new parent has not reaped yet. */
async function gone(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

describe('media work is limited by CPU time, and the machine is blamed for starving it', () => {
  it('a media process that gets no CPU is not its file’s fault: the task fails as the machine being busy', async () => {
    // The clock's limit here is no budget the test races: the process is stopped (it gets no CPU at all), so the
    // limit passes however fast or busy this machine is. Counted on the clock, the good photo was "too complex".
    const limits = { memoryMb: 1024, cpuMs: 60_000, wallMs: 600_000 };
    const pool = new MediaPool(1, limits);
    try {
      const photo = path.join(dir, 'good.png');
      await writeFile(photo, await barcodePng('ean13', '4006381333931'));
      expect(await pool.run({ op: 'barcodes', path: photo, kind: 'png' })).toEqual({
        codes: ['4006381333931'],
        readFrom: 'bars',
      });
      const [pid] = pool.pids();
      const before = mediaProcessKills();
      pool.limits = { ...limits, wallMs: 1_000 };
      const starved = pool.run({ op: 'barcodes', path: photo, kind: 'png' });
      process.kill(pid, 'SIGSTOP'); // real starvation: the host gives the process no CPU from now on
      const error = await starved.then(
        () => new Error('the starved task finished'),
        (err: unknown) => err as Error,
      );
      expect(error).not.toBeInstanceOf(MediaError);
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect((error as DependencyUnavailableError).dependency).toBe('media');
      expect(error.message).toMatch(/the machine is busy; the file is not at fault/);
      // A job waits an outage out without spending an attempt; a request answers 503.
      expect(isDependencyOutage(error)).toBe(true);
      expect(mediaProcessKills().wall).toBe(before.wall + 1);
      await until(() => gone(pid));
      pool.limits = limits;
      // The next task gets a fresh process, and the same photo reads.
      expect(await pool.run({ op: 'barcodes', path: photo, kind: 'png' })).toEqual({
        codes: ['4006381333931'],
        readFrom: 'bars',
      });
    } finally {
      await pool.close();
    }
  });

  it('a task past its CPU time is killed and its file refused as too complex', async () => {
    const pool = new MediaPool(1, { memoryMb: 1024, cpuMs: 1, wallMs: 600_000 });
    try {
      const photo = await noisePhoto('noise.jpg');
      const before = mediaProcessKills();
      await expect(pool.run({ op: 'analyse', path: photo, kind: 'jpeg' })).rejects.toThrow(MEDIA_MSG.tooComplexImage);
      expect(mediaProcessKills().cpu).toBe(before.cpu + 1);
    } finally {
      await pool.close();
    }
  });

  it('a media process whose parent is killed (kill -9) while it works ends itself', async () => {
    const photo = await noisePhoto('busy.jpg');
    const script = [
      `import { MediaPool } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'media-pool.ts')).href)};`,
      `const pool = new MediaPool(1, { memoryMb: 1024, cpuMs: 600_000, wallMs: 600_000 });`,
      `const work = pool.run({ op: 'analyse', path: process.argv[1], kind: 'jpeg' });`,
      `while (!pool.pids().length) await new Promise((r) => setImmediate(r));`,
      `console.log(pool.pids()[0]);`,
      `await work;`,
    ].join('\n');
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, photo], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = await createInterface({ input: parent.stdout! })
      [Symbol.asyncIterator]()
      .next()
      .then((r) => [r.value as string]);
    const child = Number(line);
    expect(child).toBeGreaterThan(0);
    // The media process is at work on the photo (its CPU time grows) when its parent dies.
    const cpu = async () => {
      const stat = await readFile(`/proc/${child}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    const first = await cpu();
    await until(async () => (await cpu()) > first);
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    parent.kill('SIGKILL');
    await exited;
    await until(() => gone(child));
  });
});
