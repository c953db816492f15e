// The engines check (scripts/check-engines.mjs): the intersection of planted
// ranges, a root range wider than it fails naming the package, an accepted
// package no longer installed fails, and the real tree: root package.json's
// engines.node holds no Node version an installed package rules out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkEngines, installedEngines, intervals, rangeText } from '../check-engines.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = (id, range) => ({ id, range, key: `node_modules/${id.split('@')[0]}` });

describe('engines intersection', () => {
  it('keeps only the versions every package allows', () => {
    const { intersection } = checkEngines(
      '*',
      [
        pkg('a@1.0.0', '>=18'),
        pkg('b@1.0.0', '^20.19.0 || >=22.12.0'),
        pkg('c@1.0.0', '>=20.20.2'),
        pkg('d@1.0.0', '^20.0.0 || ^22.0.0 || >=24.0.0'),
      ],
      {},
    );
    expect(intersection).toBe('>=20.20.2 <21.0.0-0 || >=22.12.0 <23.0.0-0 || >=24.0.0');
  });

  it('writes an empty intersection as a range no version satisfies', () => {
    expect(rangeText(intervals('<20'))).toBe('<20.0.0-0');
    const { intersection } = checkEngines('*', [pkg('a@1.0.0', '<20'), pkg('b@1.0.0', '>=22')], {});
    expect(intersection).toBe('<0.0.0-0');
  });

  it('fails a root range wider than a package allows, naming the package', () => {
    const result = checkEngines('>=20.19 <21 || >=22', [pkg('sse@0.6.0', '>=20.20.2')], {});
    expect(result.narrower).toEqual(['sse@0.6.0 needs node >=20.20.2']);
    expect(checkEngines('^20.20.2 || >=22', [pkg('sse@0.6.0', '>=20.20.2')], {}).narrower).toEqual(
      [],
    );
  });

  it('leaves an accepted package out, and fails one accepted but not installed', () => {
    const accepted = { 'cookie@2.0.2': 'reviewed', 'gone@1.0.0': 'reviewed' };
    const result = checkEngines('^20.20.2', [pkg('cookie@2.0.2', '>=22')], accepted);
    expect(result.narrower).toEqual([]);
    expect(result.intersection).toBe('*');
    expect(result.stale).toEqual(['gone@1.0.0']);
  });
});

describe('the installed tree', () => {
  it("allows every version root package.json's engines.node promises", () => {
    const root = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).engines.node;
    const packages = installedEngines(repo);
    // The packages that bound Node 20 today are found at all (the walk reads node_modules).
    expect(packages.map((p) => p.id)).toContain('@fastify/sse@0.6.0');
    const { narrower, stale } = checkEngines(root, packages);
    expect(narrower).toEqual([]);
    expect(stale).toEqual([]);
  });
});
