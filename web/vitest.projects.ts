import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// The web app's test projects, used by the root vitest.config.ts and by web/vitest.config.ts (`npx vitest run --root web`).
// Test files that replace a module with vi.mock run isolated: a module graph shared between files would keep the first
// file's stand-in (or the real module) for the next. Every other file shares its worker's loaded modules (React,
// Mantine, the pages), which were most of each file's time: the web tests took 155 s alone, 64 s without isolation.
const root = import.meta.dirname;
const testFiles = ['src', 'build-plugins'].flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file)),
);
const replacesModules = testFiles.filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(root, file), 'utf8')));

// happy-dom rather than jsdom: the same 307 tests took 31 s instead of 48 s, most of the difference being each file's
// environment set-up (48.6 s summed over the files with jsdom, 19 s with happy-dom).
// testTimeout: Vitest's default 5 s is a speed target in disguise. A page test that renders and waits for conditions
// takes 0.3-2 s here but went past 5 s on a loaded two-core machine; the limit is only there to stop a hung test
// (docs/decisions/testing-and-ci.md, "Limits stop hung tests, they are never budgets").
const project = (name: string, isolate: boolean, include: string[], exclude: string[] = []) => ({
  test: {
    name,
    root,
    isolate,
    environment: 'happy-dom',
    include,
    exclude,
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 180_000,
  },
});

export const webProjects = [
  project('web', false, ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'], replacesModules),
  project('web-module-stand-ins', true, replacesModules),
];
