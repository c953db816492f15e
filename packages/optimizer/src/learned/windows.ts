import type { Instance } from '@meridian/domain';
import { compileInstance } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { Rng } from '../core/rng';
import { jobsInDateOrder } from '../construct/date-order';

/**
 * A sub-problem sampled from the instance: a run of jobs close in time, with
 * every physicist, compiled on its own. Compiling the window as an instance
 * of its own gives it the model's targets for that window (its jobs, the
 * availability in its days): the balance targets are scaled to the window.
 */
export interface Window {
  readonly compiled: CompiledInstance;
  /** The window's job i is the instance's job jobs[i]. */
  readonly jobs: readonly number[];
}

/** Jobs per window: 1.6 per physicist (a physicist has one or two jobs in it), within [12, 80]. */
export function windowSize(c: CompiledInstance): number {
  return Math.min(c.jobCount, Math.max(12, Math.min(80, Math.round(1.6 * c.physicistCount))));
}

/** The window made of the given instance jobs (in that order). */
export function windowOf(c: CompiledInstance, jobs: readonly number[]): Window {
  const instance: Instance = { ...c.instance, jobs: jobs.map((j) => c.instance.jobs[j]!) };
  return { compiled: compileInstance(instance, c.weights), jobs };
}

/**
 * Splits the instance into held-out windows (runs of consecutive jobs in date
 * order that training never sees) and the pool training windows are drawn
 * from (the other jobs, in date order). Held-out windows take at most a
 * third of the jobs; an instance too small for both gets none held out.
 */
export function splitHeldOut(
  c: CompiledInstance,
  rng: Rng,
  size: number,
  count: number,
): { heldOut: number[][]; pool: number[] } {
  const order = jobsInDateOrder(c);
  const fits = Math.floor(order.length / (2.5 * size));
  const n = Math.min(count, fits);
  if (n === 0) return { heldOut: [], pool: order };
  // n disjoint runs: cut the order into n equal stretches and take a random run in each.
  const stretch = Math.floor(order.length / n);
  const heldOut: number[][] = [];
  const isHeld = new Uint8Array(c.jobCount);
  for (let i = 0; i < n; i++) {
    const from = i * stretch + rng.int(stretch - size + 1);
    const run = order.slice(from, from + size);
    run.forEach((j) => (isHeld[j] = 1));
    heldOut.push(run);
  }
  return { heldOut, pool: order.filter((j) => !isHeld[j]) };
}

/** A random run of `size` consecutive jobs of the pool. */
export function sampleRun(pool: readonly number[], rng: Rng, size: number): number[] {
  const n = Math.min(size, pool.length);
  const from = rng.int(pool.length - n + 1);
  return pool.slice(from, from + n);
}
