import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS, parseConfig } from '../src/config/config';
import { taskSettingsFromEnv } from '../src/config/task-settings';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Set by npm (where the command was typed), not by operators: documented in the DATA_DIR row. */
const NOT_OPERATOR_SETTINGS = new Set(['INIT_CWD']);

/** Every environment variable a parser reads, recorded by handing it an env that logs reads. */
function variablesRead(parse: (env: Record<string, string | undefined>) => unknown): Set<string> {
  const read = new Set<string>();
  const env = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    },
  );
  parse(env);
  return read;
}

/** The variable names in the first column of the markdown table whose header starts `| variable |`. */
function tableVariables(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const start = text.indexOf('| variable |');
  expect(start, `${file} has a configuration table`).toBeGreaterThan(-1);
  const rows = text.slice(start).split('\n');
  const end = rows.findIndex((line) => !line.startsWith('|'));
  return new Set(
    rows
      .slice(0, end === -1 ? rows.length : end)
      .map((line) => /^\| `([A-Z0-9_]+)` \|/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

describe('configuration tables', () => {
  const known = new Set(
    [...variablesRead((env) => parseConfig(env)), ...variablesRead(taskSettingsFromEnv)].filter(
      (name) => !NOT_OPERATOR_SETTINGS.has(name),
    ),
  );

  it('sees the variables the parsers read (guards the recording itself)', () => {
    for (const name of ['PORT', 'DATABASE_URL', 'TASK_RATE_PER_MINUTE', 'IMPORT_RATE_PER_MINUTE']) {
      expect(known.has(name), name).toBe(true);
    }
  });

  it.each(['README.md', 'docs/operations.md'])(
    '%s lists exactly the variables the configuration parser reads',
    (file) => {
      expect([...tableVariables(file)].sort()).toEqual([...known].sort());
    },
  );

  it.each(['README.md', 'docs/operations.md'])('%s lists every LOG_LEVEL value', (file) => {
    const row = readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `LOG_LEVEL` |'));
    for (const level of LOG_LEVELS) {
      expect(row).toContain(`\`${level}\``);
    }
  });
});
