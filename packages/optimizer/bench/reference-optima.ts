import { createHash } from 'node:crypto';
import type { Instance } from '@meridian/domain';

/**
 * An optimum proven outside a bench run (milp with a long limit), for one
 * instance the generator makes. The bench uses it as a size's reference when
 * no run of its own proves one, but only for the very instance it was proven
 * on: the generated instance's SHA-256 must match, so a change to the
 * generator drops the reference instead of comparing with another instance's
 * optimum.
 */
export interface RecordedOptimum {
  readonly size: string;
  readonly seed: number;
  /** SHA-256 of the instance's JSON (JSON.stringify of generateInstance's result). */
  readonly sha256: string;
  /** F, proven optimal within HiGHS's relative gap of 1e-6 on each role's part. */
  readonly value: number;
  /** Who proved it, for the bench table's ref column. */
  readonly by: string;
  /** How it was proven: command, time, date, machine. */
  readonly how: string;
}

export const RECORDED_OPTIMA: readonly RecordedOptimum[] = [
  {
    size: 'year',
    seed: 1,
    sha256: '0401db446f0bb1e6e38187b0b69f57b49c77d15a143fd691b9a489e9b8a6289e',
    value: 96004863.73076218,
    by: 'milp, 290 s + 178 s from its answer',
    how:
      '2026-11-27 08:37-08:46 UTC, 2 x AMD EPYC, 24 GiB, nice 15, load 10 to 15: `solve --algorithm milp ' +
      '--time-limit 2700 --seed 1` on the year (data-acq proven at its root; the lead HiGHS thread aborted ' +
      'at 290 s, its last incumbent F 96004863.7308), then `tsx bench/prove-from.ts --start` that answer ' +
      '--time-limit 1800: status optimal in 178 s, both roles proven (lead: MIP over the 12,178 pairs ' +
      'within 0.036 of its LP bound 2465.0545, 1 node; data-acq: 9,429 pairs within 0.0043)',
  },
  {
    size: '1000x80',
    seed: 1,
    sha256: 'a6d69d209bfa08f3aab8d7f5c7bcf72ca437f542640725ae06e0c31804ff6c51',
    value: 32001728.260711905,
    by: 'milp',
    how: '2026-11-27 08:43 UTC, `npm run bench -- --algorithms milp --sizes 1000x80 --time-limit 120`: optimal in 25.8 s, load 13 to 15',
  },
  {
    size: '150x20',
    seed: 1,
    sha256: 'e2e88228a9bbfc115a5a20b886464ac9213cbd1de09df6f3c358ccc7463f9d2e',
    value: 4000524.9224158516,
    by: 'milp',
    how: '2026-11-27 08:30 UTC, `solve --algorithm milp --time-limit 30 --seed 1`: optimal',
  },
];

/** SHA-256 of an instance's JSON, as the bench writes it for its child runs. */
export function instanceSha256(instance: Instance): string {
  return createHash('sha256').update(JSON.stringify(instance)).digest('hex');
}

/** The recorded optimum of this generated instance, if one was proven. */
export function recordedOptimum(
  size: string,
  seed: number,
  instance: Instance,
): RecordedOptimum | undefined {
  const sha = instanceSha256(instance);
  return RECORDED_OPTIMA.find((r) => r.size === size && r.seed === seed && r.sha256 === sha);
}
