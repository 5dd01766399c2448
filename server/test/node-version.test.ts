import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, SUPPORTED_NODE, unsupportedNodeMessage } from '../../scripts/check-node-version.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the Node.js versions the portal runs on', () => {
  it('accepts the versions that require() ES modules without a flag, and refuses the others', () => {
    for (const v of ['20.19.0', 'v20.20.2', '22.12.0', '22.20.1', '23.0.0', '24.4.0'])
      expect(isSupportedNode(v), v).toBe(true);
    for (const v of ['18.20.4', '20.0.0', '20.18.3', '21.7.3', '22.0.0', '22.11.0'])
      expect(isSupportedNode(v), v).toBe(false);
    expect(unsupportedNodeMessage('20.18.3')).toMatch(/needs Node\.js 20\.19 or newer.*this is Node\.js 20\.18\.3/);
  });

  it('says the same in package.json engines, and npm start checks first', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(SUPPORTED_NODE);
    expect(pkg.scripts.start).toMatch(/^node scripts\/check-node-version\.mjs && /);
    expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain('Node.js 20.19');
    // This Node.js (the one the tests run on) passes the check.
    execFileSync(process.execPath, [path.join(repoRoot, 'scripts/check-node-version.mjs')]);
  });
});
