import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which the files that run side by side start (vitest.config.ts's `sequencer`).
 *
 * vitest's own order runs the projects one after another by name (api, api-pg, ..., optimizer,
 * tooling, web), longest file first within a project when its cache knows the durations and in
 * file-size order when it does not, as on a fresh clone. So a long optimizer or tooling file
 * could start near the end and keep one core busy while the other idled (docs/testing.md,
 * "Where the time goes"). Here the long files of every project start first, longest first, and
 * short ones fill the end, as a scheduler of jobs on two machines would (longest processing time
 * first). The API projects' files stay together, each project's in one run: a worker keeps the
 * app's modules only while the next file is of the same project (`isolate: false`).
 *
 * A file's duration is vitest's own record from an earlier run on this checkout when there is
 * one, else the committed table (file-durations.json: the same records from a fresh clone's run,
 * copied by record-durations.mjs), else UNKNOWN_SECONDS. Durations only order the files; no
 * verdict depends on them.
 */

interface DurationTable {
  /** When the run that measured them ended. */
  from: string;
  /** Seconds by `project:path`, as vitest's cache keys them. */
  seconds: Record<string, number>;
}

const TABLE = JSON.parse(
  readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8'),
) as DurationTable;
/** Seconds assumed for a file the table does not know yet (a new file). */
const UNKNOWN_SECONDS = 10;
/** Files at least this long start before the API projects; shorter ones run after them. */
const LONG_SECONDS = 15;
/** Projects whose workers keep their modules between files, so their files run in one block. */
const KEEP_TOGETHER = ['api', 'api-pg'];

export class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      if (cached) return cached.duration / 1000;
      return TABLE.seconds[key] ?? UNKNOWN_SECONDS;
    };
    const byGroup = new Map<number, TestSpecification[]>();
    for (const spec of files) {
      const order = spec.project.config.sequence.groupOrder;
      const group = byGroup.get(order);
      if (group) group.push(spec);
      else byGroup.set(order, [spec]);
    }
    const orders = [...byGroup.keys()].sort((a, b) => a - b);
    return Promise.resolve(orders.flatMap((order) => orderGroup(byGroup.get(order)!, seconds)));
  }
}

function orderGroup(
  specs: TestSpecification[],
  seconds: (spec: TestSpecification) => number,
): TestSpecification[] {
  const longestFirst = (list: TestSpecification[]) =>
    [...list].sort((a, b) => seconds(b) - seconds(a));
  const together = KEEP_TOGETHER.flatMap((name) =>
    longestFirst(specs.filter((spec) => spec.project.name === name)),
  );
  const others = longestFirst(specs.filter((spec) => !KEEP_TOGETHER.includes(spec.project.name)));
  const long = others.filter((spec) => seconds(spec) >= LONG_SECONDS);
  const short = others.filter((spec) => seconds(spec) < LONG_SECONDS);
  return [...long, ...together, ...short];
}
