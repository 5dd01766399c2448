import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../storage/local-disk.ts';
import { localSource } from './sources.ts';

let work: string;
afterEach(() => rmSync(work, { recursive: true, force: true }));

async function listed(folder: string) {
  const names: string[] = [];
  for await (const entry of localSource(folder).list()) names.push(entry.name);
  return names;
}

describe('a LOCAL ingestion folder', () => {
  it('lists regular files only: links to files or folders elsewhere are left alone, and are never moved into storage', async () => {
    work = mkdtempSync(path.join(tmpdir(), 'source-'));
    const folder = path.join(work, 'green_valley');
    const elsewhere = path.join(work, 'other-company');
    mkdirSync(path.join(folder, 'batch'), { recursive: true });
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'secret.png'), 'not theirs');
    writeFileSync(path.join(folder, 'batch', 'front.png'), 'theirs');
    symlinkSync(path.join(elsewhere, 'secret.png'), path.join(folder, 'link.png'));
    symlinkSync(elsewhere, path.join(folder, 'linked-folder'));

    expect(await listed(folder)).toEqual(['batch/front.png']);

    const storage = new LocalDiskStore(path.join(work, 'files'));
    const source = localSource(folder);
    expect(await source.moveInto(storage, 'LOCAL:link.png', 'ingestion/x.png')).toBe('missing');
    expect(await source.moveInto(storage, 'LOCAL:linked-folder/secret.png', 'ingestion/y.png')).toBe('missing');
    expect(await source.moveInto(storage, 'LOCAL:batch/front.png', 'ingestion/z.png')).toBe('moved');
  });
});
