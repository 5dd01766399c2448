import { fileURLToPath } from 'node:url';
import { useMediaProcessEntry } from '../../src/media/media-pool.ts';

// The test servers run from source but fork the built media process (scripts/build-server.mjs, built by
// global-setup.ts): it starts on half the CPU of one loaded through tsx.
useMediaProcessEntry(fileURLToPath(new URL('../../dist/media-process.mjs', import.meta.url)));
