import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SHEET_MSG, type UploadKind } from '@portal/domain';
import type { FileAnalysis } from './barcodes.ts';
import { kindBySignature, readFileHead } from './file-signature.ts';
import { MEDIA_PROCESSES } from './limits.ts';
import { isHeif } from './heif.ts';
import { inspectFile, type InspectResult } from './inspect.ts';
import type { MediaTask } from './media-process.ts';
import { MediaError, MEDIA_MSG } from './messages.ts';
import { DependencyUnavailableError } from '../lib/dependency-errors.ts';
import type { TextReading } from './text-reading.ts';
import type { Thumbnail } from './thumbnail.ts';
import type { SheetContent } from './sheet-reader.ts';
import type { BarcodeReading, CheckedBarcodeReading } from './barcodes.ts';

/**
 * Hard limits of media work. A hostile upload (a PDF whose page inflates to gigabytes, an image that is costly to
 * decode) must cost the server neither its memory nor its responsiveness, so the work runs in child processes
 * that are killed when they pass these; the file is then refused as too complex. A killed process gives all its
 * memory back to the system, which a worker thread inside the server would not (its native allocations stay in
 * the server's heap).
 *
 * A file's cost is the CPU time its process spends on it, not the time on the clock: on a starved host (load 40) a
 * good photo waits for the CPU far longer than it works, and must not be refused for the machine's fault. The clock's
 * limit is a backstop for a process that gets no CPU at all: passing it blames the machine (a dependency outage that
 * the job waits out, a 503 to a request), never the file.
 */
export interface MediaLimits {
  /** Resident memory of one media process (its baseline, about 150 MB, included). */
  memoryMb: number;
  /** CPU time (user and system, every thread of the process) one task may use before its file is too complex. */
  cpuMs: number;
  /** Time on the clock one task may take before the machine, not the file, is said to be at fault. */
  wallMs: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { memoryMb: 1024, cpuMs: 60_000, wallMs: 600_000 };

/** Which limit a media process was killed for: memory or CPU time (its file's fault), the clock (the machine's). */
export type MediaKillReason = 'memory' | 'cpu' | 'wall';
const kills: Record<MediaKillReason, number> = { memory: 0, cpu: 0, wall: 0 };

/** How many media processes this server killed, per limit, since it started (for /metrics). */
export const mediaProcessKills = (): Readonly<Record<MediaKillReason, number>> => ({ ...kills });

/** How often a busy process's memory is looked at: a bomb inflating at 1 GB/s overshoots by at most ~100 MB. */
const WATCH_MS = 100;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Job {
  id: number;
  task: MediaTask;
  pending: Pending;
}

type Reply = { ready: true } | { id: number; ok: boolean; result?: unknown; error?: string; media?: boolean };

/**
 * Where a media process's own output goes, line by line: what the libraries print (tesseract, zbar, pdf.js notes
 * and warnings) is not the portal's log. main.ts sends it to the logger at debug level; unset (tests, scripts), it
 * is passed through to this process's stdout or stderr as it was.
 */
type MediaOutput = (line: string, stream: 'stdout' | 'stderr', pid: number | undefined) => void;
let mediaOutput: MediaOutput = (line, stream) => process[stream].write(`${line}\n`);

export function configureMediaLog(log: { debug(obj: Record<string, unknown>, msg: string): void }) {
  mediaOutput = (line, stream, pid) => log.debug({ mediaProcess: pid, stream }, line);
}

/**
 * Tasks after which a process is ended rather than reused: a HEIF decode grows the WebAssembly memory of libheif
 * by hundreds of megabytes, which is never given back and would count against the next task's memory limit. A sheet,
 * like a PDF, is parsed on the JavaScript heap, which the process's heap cap bounds and the collector gives back: its
 * process takes the next task, and a sheet's dry run no longer waits for a process to start.
 */
const RETIRING_OPS: ReadonlySet<MediaTask['op']> = new Set(['heif-to-jpeg']);

/** Defined by scripts/build-server.mjs in the built server: the built media process beside it. */
declare const __BUILT_MEDIA_PROCESS__: string | undefined;

/** The media process's entry: the built one beside a built server; from source, tsx loads its TypeScript. */
let bootFile =
  typeof __BUILT_MEDIA_PROCESS__ === 'string'
    ? __BUILT_MEDIA_PROCESS__
    : fileURLToPath(new URL('./media-process-boot.mjs', import.meta.url));

/** Forks media processes from this file from now on (the tests' servers run from source but fork the built one). */
export function useMediaProcessEntry(file: string) {
  bootFile = file;
}

/** Resident memory of a process in MB, from /proc (Linux); null where that is not available. */
async function residentMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux the portal runs on). */
const USER_HZ = 100;

/**
 * CPU time a process has used in ms (user and system time of all its threads, from /proc/<pid>/stat); null where
 * that is not available (then the clock stands in for it, as before).
 */
async function cpuMsOf(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces, in parentheses): state is the first, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : null;
  } catch {
    return null;
  }
}

/** The refusal of a task that passed its time on the clock with CPU time to spare: the machine's fault. */
function machineBusy(limits: MediaLimits, usedMs: number | null): DependencyUnavailableError {
  return new DependencyUnavailableError(
    'media',
    `The media process had too little CPU: ${Math.round((usedMs ?? 0) / 1000)} s of CPU in ` +
      `${Math.round(limits.wallMs / 1000)} s (the machine is busy; the file is not at fault)`,
  );
}

/** The refusal for a task that passed a limit, in the words of its kind of file. */
function tooComplex(task: MediaTask): MediaError {
  if (task.op === 'sheet') return new MediaError(SHEET_MSG.tooComplex);
  // Only PDFs are inspected in a media process (see inspectUpload).
  const pdf = task.op === 'inspect' || ('kind' in task && task.kind === 'pdf');
  return new MediaError(pdf ? MEDIA_MSG.tooComplexPdf : MEDIA_MSG.tooComplexImage);
}

class MediaProcess {
  readonly child: ChildProcess;
  job: Job | null = null;
  private watch: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  ready: Promise<void>;
  private booted = false;

  constructor(
    private limits: () => MediaLimits,
    private onFree: (proc: MediaProcess) => void,
    private onGone: (proc: MediaProcess) => void,
  ) {
    this.child = fork(bootFile, [], {
      // The JavaScript heap is capped too (pdf.js keeps its parsed objects there); native memory is watched.
      execArgv: [`--max-old-space-size=${Math.max(128, Math.floor(limits().memoryMb / 2))}`],
      serialization: 'advanced', // Buffers and typed arrays cross as they are
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const stream of ['stdout', 'stderr'] as const) {
      const pipe = this.child[stream] as Socket | null;
      if (!pipe) continue;
      pipe.unref(); // the output of an idle process keeps nobody alive either
      createInterface({ input: pipe, crlfDelay: Infinity }).on('line', (line) =>
        mediaOutput(line, stream, this.child.pid),
      );
    }
    this.ready = new Promise((resolve, reject) => {
      this.child.once('message', (msg: Reply) => {
        this.booted = 'ready' in msg;
        if (this.booted) resolve();
        else reject(new Error('media process did not start'));
      });
      this.child.once('exit', () => reject(new Error('media process did not start')));
    });
    this.ready.catch(() => {});
    this.child.on('message', (msg: Reply) => {
      if ('ready' in msg || !this.job || this.job.id !== msg.id) return;
      const { pending, task } = this.job;
      this.finish();
      if (msg.ok) pending.resolve(msg.result);
      else pending.reject(msg.media ? new MediaError(msg.error) : new Error(msg.error));
      if (RETIRING_OPS.has(task.op)) this.retire();
      else this.onFree(this);
    });
    this.child.on('exit', (code, signal) => {
      const job = this.job;
      this.finish();
      if (this.closing) {
        job?.pending.reject(new Error('media processes closed'));
        return;
      }
      // A process that dies while it works died of its file (the heap limit ends it with an abort).
      const ofItsFile = this.booted && (signal !== null || code !== 0);
      job?.pending.reject(ofItsFile ? tooComplex(job.task) : new Error(`media process exited (${signal ?? code})`));
      this.onGone(this);
    });
    this.idle();
  }

  async start(job: Job) {
    this.job = job;
    this.child.ref();
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
    try {
      await this.ready;
    } catch (err) {
      this.job = null;
      job.pending.reject(err as Error);
      return;
    }
    if (this.job !== job) return;
    const started = Date.now();
    const pid = this.child.pid;
    const cpuAtStart = pid ? await cpuMsOf(pid) : null;
    if (this.job !== job) return;
    /** CPU time spent on this task; where /proc cannot tell, the time on the clock stands in for it. */
    const cpuUsed = async () => {
      const now = pid && cpuAtStart !== null ? await cpuMsOf(pid) : null;
      return now !== null && cpuAtStart !== null ? now - cpuAtStart : Date.now() - started;
    };
    this.deadline = setTimeout(() => {
      void cpuUsed().then((used) => {
        if (this.job !== job) return;
        // The clock ran out first: the file had less CPU than its limit, so the machine is at fault.
        if (used < this.limits().cpuMs) this.kill('wall', machineBusy(this.limits(), used));
        else this.kill('cpu');
      });
    }, this.limits().wallMs);
    this.watch = setInterval(() => void this.checkLimits(job, cpuUsed), WATCH_MS);
    this.child.send({ id: job.id, task: job.task });
  }

  private async checkLimits(job: Job, cpuUsed: () => Promise<number>) {
    const [mb, cpu] = await Promise.all([this.child.pid ? residentMb(this.child.pid) : null, cpuUsed()]);
    if (this.job !== job) return;
    if (mb !== null && mb > this.limits().memoryMb) this.kill('memory');
    else if (cpu > this.limits().cpuMs) this.kill('cpu');
  }

  /**
   * Ends the process for passing a limit: its task is refused (as too complex when it passed its memory or CPU time;
   * with `error` when the machine is at fault), and a fresh process takes the next one.
   */
  private kill(limit: MediaKillReason, error?: Error) {
    const job = this.job;
    if (!job) return;
    this.finish();
    kills[limit] += 1;
    job.pending.reject(error ?? Object.assign(tooComplex(job.task), { limit }));
    this.child.kill('SIGKILL');
  }

  private finish() {
    clearInterval(this.watch);
    clearTimeout(this.deadline);
    this.job = null;
    this.idle();
  }

  /** An idle process never keeps the server alive. */
  private idle() {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  private closing = false;

  /** Ends an idle process that should not take another task; the pool starts a fresh one when it needs one. */
  private retire() {
    this.closing = true;
    this.child.kill();
    this.onGone(this);
  }

  close() {
    this.closing = true;
    // An idle process is unref'd so that it keeps nobody alive; whoever waits for its exit needs its handle to keep
    // the event loop going until the exit arrives (else a script ending with closeMediaPool() exits with 13).
    this.child.ref();
    this.child.kill();
  }
}

/**
 * A few media processes. Tasks queue for the next free one; one that is killed or dies is replaced when the next
 * task needs it.
 */
export class MediaPool {
  private free: MediaProcess[] = [];
  private all = new Set<MediaProcess>();
  private queue: Job[] = [];
  private nextId = 1;

  constructor(
    readonly size: number,
    public limits: MediaLimits = DEFAULT_MEDIA_LIMITS,
  ) {}

  run<T>(task: MediaTask): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, pending: { resolve: resolve as (v: unknown) => void, reject } });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length) {
      let proc = this.free.pop();
      if (!proc && this.all.size < this.size) {
        proc = new MediaProcess(
          () => this.limits,
          (p) => {
            this.free.push(p);
            this.dispatch();
          },
          (p) => {
            this.all.delete(p);
            this.free = this.free.filter((f) => f !== p);
            this.dispatch();
          },
        );
        this.all.add(proc);
      }
      if (!proc) return;
      void proc.start(this.queue.shift()!);
    }
  }

  /** Process ids of the media processes (for the memory probe). */
  pids(): number[] {
    return [...this.all].map((p) => p.child.pid).filter((pid): pid is number => pid !== undefined);
  }

  async close() {
    const all = [...this.all];
    this.all.clear();
    this.free = [];
    await Promise.all(
      all.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.close();
          }),
      ),
    );
  }
}

// One core stays free for the web server on small machines.
let pool = new MediaPool(MEDIA_PROCESSES);
/**
 * Reading the text of photos has a process of its own: its models take about 300 MB once loaded, which stay loaded
 * between photos, so they must not count against the limit of the processes that check and render files. Started
 * at the first photo to read, under the same limits.
 */
let textPool = new MediaPool(1);

/** Sets the limits from the configuration (a process started before keeps its heap size until it is replaced). */
export function configureMediaLimits(limits: MediaLimits) {
  pool.limits = limits;
  textPool.limits = limits;
}

export const mediaProcessIds = () => [...pool.pids(), ...textPool.pids()];

/** The text lines of a photo or of a PDF's first page (text-reading.ts), in the text-reading media process. */
export const readTextOffThread = (path: string, kind: UploadKind) =>
  textPool.run<TextReading>({ op: 'read-text', path, kind });

export const readBarcodesOffThread = (path: string, kind: UploadKind) =>
  pool.run<BarcodeReading>({ op: 'barcodes', path, kind });

/** readBarcodesOffThread with second looks at a code read from the bars (barcodes.ts readBarcodesChecked). */
export const readBarcodesCheckedOffThread = (path: string, kind: UploadKind) =>
  pool.run<CheckedBarcodeReading>({ op: 'barcodes-checked', path, kind });

/** The codes in a file and the measures of its photo checks (barcodes.ts analyseFile), in a media process. */
export const analyseFileOffThread = (path: string, kind: UploadKind) =>
  pool.run<FileAnalysis>({ op: 'analyse', path, kind });

export const makeThumbnailOffThread = async (path: string, kind: UploadKind, maxSize: number): Promise<Thumbnail> => {
  const thumb = await pool.run<Thumbnail>({ op: 'thumbnail', path, kind, maxSize });
  return { ...thumb, data: Buffer.from(thumb.data) };
};

/**
 * HEIC/HEIF photos are turned into JPEG in place, in a media process (see heif.ts); other files are left as they
 * are. Returns whether the file was converted, or the reason it cannot be used.
 */
export async function convertHeifUpload(path: string): Promise<{ converted: boolean } | { error: string }> {
  if (!isHeif(await readFileHead(path, 12))) return { converted: false };
  try {
    await pool.run({ op: 'heif-to-jpeg', path });
    return { converted: true };
  } catch (error) {
    if (error instanceof MediaError) return { error: error.message };
    throw error;
  }
}

/**
 * Images are checked in the server by sharp (the header, then a decode to 64 pixels: small and bounded, so uploads
 * need not wait for a media process); PDFs are parsed by pdf.js, and go to a media process under its limits.
 */
export async function inspectUpload(path: string): Promise<InspectResult> {
  if (kindBySignature(await readFileHead(path)) !== 'pdf') return inspectFile(path);
  try {
    return await pool.run<InspectResult>({ op: 'inspect', path });
  } catch (error) {
    if (error instanceof MediaError) return { error: error.message };
    throw error;
  }
}

/** A supplier's spreadsheet read to rows of text in a media process (sheet-reader.ts); MediaError: refused. */
export const readSheetOffThread = (path: string) => pool.run<SheetContent>({ op: 'sheet', path });

export async function closeMediaPool() {
  const [old, oldText] = [pool, textPool];
  pool = new MediaPool(old.size, old.limits);
  textPool = new MediaPool(oldText.size, oldText.limits);
  await Promise.all([old.close(), oldText.close()]);
}
