import { useCallback, useEffect, useRef, useState } from 'react';
import { nextPollInterval, POLL_START_MS } from '@portal/domain';
import { fetchFilesUpdatedSince, fetchJobFiles, type IngestionFile } from './bulk-ingestion-api.ts';

/**
 * Each poll asks from this much before the newest update time seen: a worker's transaction can commit a little after
 * another one with a later time, and its files must not be skipped. Rows seen before, unchanged, are not a change.
 */
export const POLL_OVERLAP_MS = 2000;

/**
 * The files of a job, kept current (part 2 section 4): the first load fetches all of them, then a timer fetches only
 * the files updated since the newest update time seen; the interval starts at 1 s, grows 1.3 times while nothing
 * changes, and goes back to 1 s when something does or a mapping is uploaded.
 */
export function useJobFiles(jobId: string) {
  const [files, setFiles] = useState<Map<string, IngestionFile> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const newest = useRef<string | null>(null);
  const interval = useRef(POLL_START_MS);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const active = useRef(true);

  const known = useRef(new Map<string, string>());
  /** Merges rows in; true when any of them is new or changed. */
  const merge = useCallback((incoming: IngestionFile[]) => {
    const fresh = incoming.filter((f) => known.current.get(f.id) !== `${f.updatedDate}|${f.status}`);
    for (const f of fresh) known.current.set(f.id, `${f.updatedDate}|${f.status}`);
    incoming = fresh;
    if (!incoming.length) return false;
    for (const f of incoming) if (!newest.current || f.updatedDate > newest.current) newest.current = f.updatedDate;
    setFiles((current) => {
      const next = new Map(current ?? []);
      for (const f of incoming) next.set(f.id, f);
      return next;
    });
    return true;
  }, []);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    if (!active.current) return;
    const poll = async () => {
      let changed = false;
      try {
        const since = new Date(newest.current ? Date.parse(newest.current) - POLL_OVERLAP_MS : 0).toISOString();
        const rows = await fetchFilesUpdatedSince(jobId, since);
        if (active.current) changed = merge(rows);
      } catch {
        // Polling errors are not handled (part 2 section 8): the next tick tries again.
      }
      interval.current = nextPollInterval(interval.current, changed);
      schedule();
    };
    timer.current = setTimeout(() => void poll(), interval.current);
  }, [jobId, merge]);

  useEffect(() => {
    active.current = true;
    newest.current = null;
    known.current = new Map();
    interval.current = POLL_START_MS;
    setFiles(null);
    setError(null);
    fetchJobFiles(jobId).then(
      (all) => {
        if (!active.current) return;
        setFiles(new Map());
        merge(all);
        schedule();
      },
      (err) => active.current && setError(err),
    );
    return () => {
      active.current = false;
      clearTimeout(timer.current);
    };
  }, [jobId, merge, schedule]);

  /** After a mapping upload: its answer at once, and polling back to every second. */
  const afterMapping = useCallback(
    (updated: IngestionFile[]) => {
      merge(updated);
      interval.current = POLL_START_MS;
      schedule();
    },
    [merge, schedule],
  );

  const list = files ? [...files.values()].sort((a, b) => a.filename.localeCompare(b.filename)) : null;
  return { files: list, error, afterMapping, pollInterval: () => interval.current };
}
