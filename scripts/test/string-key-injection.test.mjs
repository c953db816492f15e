// Proves meridian/string-key-injection with the TypeScript checker behind it:
// keys that may be any string are reported; numbers, string-literal unions,
// symbols and generics bounded by a closed set pass.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { stringKeyInjection } from '../lint/string-key-injection.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

// The probe's own project: the repository's compiler options (tsconfig.base.json) without the
// root tsconfig.json's @types/node, which no case uses and which made the first case's program
// take most of this file's time (docs/testing.md, "Where the time goes").
const PROBE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'string-key-probe');

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { projectService: true, tsconfigRootDir: PROBE },
  },
});

const at = (code) => ({ code, filename: path.join(PROBE, 'probe.ts') });
const open = (code) => ({ ...at(code), errors: [{ messageId: 'openKey' }] });

tester.run('meridian/string-key-injection', stringKeyInjection, {
  valid: [
    at('declare const a: number[]; declare const i: number; a[i];'),
    at('declare const f: Float64Array; let i = 0; f[i + 1];'),
    at(
      "declare const r: Record<'lead' | 'data_acq', number>; declare const s: 'lead' | 'data_acq'; r[s];",
    ),
    at("const o = { a: 1 }; o['a'];"),
    at(
      'declare const o: Record<string, number>; declare const k: string; Object.hasOwn(o, k) ? o[k] : 0;',
    ),
    at(
      'declare const o: Record<string, number>; declare const k: string; if (Object.hasOwn(o, k)) { o[k] = 1; }',
    ),
    at('declare const s: unique symbol; declare const o: { [s]: number }; o[s];'),
    at("function g<K extends 'x' | 'y'>(o: Record<K, number>, k: K) { return o[k]; }"),
    at("function g<T extends { n: number }>(t: T, a: number[]) { return a[t['n']]; }"),
  ],
  invalid: [
    open('declare const o: Record<string, number>; declare const k: string; o[k];'),
    open('declare const o: Record<string, number>; declare const k: any; o[k];'),
    open('declare const o: Record<string, number>; declare const k: `a${string}`; o[k];'),
    open('function g<K extends string>(o: Record<K, number>, k: K) { return o[k]; }'),
    open("declare const o: Record<string, number>; declare const k: 'a' | string; o[k] = 1;"),
    open(
      'declare const o: Record<string, number>; declare const k: string; Object.hasOwn(o, k) ? 0 : o[k];',
    ),
    open(
      'declare const o: Record<string, number>; declare const p: Record<string, number>; declare const k: string; Object.hasOwn(p, k) && o[k];',
    ),
  ],
});
