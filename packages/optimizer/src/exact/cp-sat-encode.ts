import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';

/** Integer units per unit of F: costs are rounded to 0.05 for the SAT objective. */
const SCALE = 20;
/** Nearest free candidates kept per slot (keeps the encoding inside MiniSat's heap). */
const MAX_CANDIDATES = 5;

/**
 * A window's pseudo-Boolean model as plain data, so that it can be posted to
 * the MiniSat thread (minisat-worker.mjs builds logic-solver formulas from it).
 * A variable `x<slot>_<p>` is true when physicist p takes the slot.
 */
export interface NeighbourhoodEncoding {
  readonly vars: readonly { name: string; slot: number; p: number }[];
  /** Groups of variables of which at most one may be true. */
  readonly atMostOne: readonly string[][];
  /** Per freed slot with candidates, its variables: the slot stays empty when none is true. */
  readonly slots: readonly string[][];
  /**
   * The rest of F in integer units: `weight` is charged when at least
   * `atLeast` of `names` are true (a negative weight is |weight| charged when
   * fewer are, plus a constant).
   */
  readonly costs: readonly { names: string[]; atLeast: number; weight: number }[];
  /**
   * Sum over every cost term of |exact cost * SCALE - its integer weight|: a
   * solution better in exact F than MiniSat's optimum of the integer objective
   * is at most this much worse in it (see cp-sat-exact.ts).
   */
  readonly roundingSlack: number;
  /** Whether every free candidate of every freed slot is in the model (none dropped by MAX_CANDIDATES). */
  readonly isComplete: boolean;
  /**
   * When set, MiniSat also lists every solution of the window whose integer
   * objective is within this much of its optimum (same coverage).
   */
  readonly band?: number;
}

/** A seed job and the jobs closest to it in start date (they compete for the same physicists). */
export function pickNeighbourhood(c: CompiledInstance, rng: Rng, size: number): number[] {
  const seed = rng.int(c.jobCount);
  const day = c.jobFirstDay[seed]!;
  const near = Array.from({ length: c.jobCount }, (_, j) => j)
    .map((j) => ({ j, gap: Math.abs(c.jobFirstDay[j]! - day) + rng.next() * 3 }))
    .sort((a, b) => a.gap - b.gap);
  return near.slice(0, size).map((n) => n.j);
}

/**
 * Pseudo-Boolean encoding of the freed slots of `jobs` given the rest fixed:
 * at most one physicist per slot, at most one of a physicist's overlapping
 * jobs; objective terms are the exact marginal costs of F, which are convex in
 * the number of new jobs per physicist (balance) and per physicist-customer
 * (rotation), so "at least m chosen" literals with increasing weights encode
 * them exactly (a negative weight w on T becomes |w| on not-T plus a constant).
 */
export function encodeNeighbourhood(
  fixed: SolutionState,
  jobs: readonly number[],
  maxCandidates = MAX_CANDIDATES,
): NeighbourhoodEncoding {
  const c = fixed.c;
  const P = c.physicistCount;
  const C = c.customerCount;
  const { proximity, job_balance: wB, staff_rotation: wR } = c.weights;
  const vars: { name: string; slot: number; p: number }[] = [];
  const atMostOne: string[][] = [];
  const slots: string[][] = [];
  const costs: { names: string[]; atLeast: number; weight: number }[] = [];
  let roundingSlack = 0;
  let isComplete = true;
  const addCost = (names: string[], atLeast: number, cost: number) => {
    const weight = Math.round(cost * SCALE);
    roundingSlack += Math.abs(cost * SCALE - weight);
    if (weight !== 0) costs.push({ names, atLeast, weight });
  };
  const byPhysicist = new Map<number, { name: string; job: number }[]>();
  for (const j of jobs) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * j + role;
      if (c.pinned[slot]! >= 0) continue;
      const names: string[] = [];
      for (const p of slotCandidates(c, slot)) {
        if (!fixed.isFree(p, j)) continue;
        if (names.length >= maxCandidates) {
          isComplete = false;
          break;
        }
        const name = `x${slot}_${p}`;
        names.push(name);
        vars.push({ name, slot, p });
        const list = byPhysicist.get(p);
        if (list) list.push({ name, job: j });
        else byPhysicist.set(p, [{ name, job: j }]);
        addCost([name], 1, (proximity / 100) * c.distance[j * P + p]!);
      }
      if (names.length === 0) continue;
      if (names.length > 1) atMostOne.push(names);
      slots.push(names);
    }
  }
  for (const [p, list] of byPhysicist) {
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const ja = list[a]!.job;
        const jb = list[b]!.job;
        if (c.jobFirstDay[ja]! <= c.jobLastDay[jb]! && c.jobFirstDay[jb]! <= c.jobLastDay[ja]!) {
          atMostOne.push([list[a]!.name, list[b]!.name]);
        }
      }
    }
    const names = list.map((v) => v.name);
    const n0 = fixed.load[p]!;
    const t = c.target[p]!;
    for (let m = 1; m <= names.length; m++) {
      const marginal = wB * (Math.abs(n0 + m - t) - Math.abs(n0 + m - 1 - t));
      addCost(names, m, marginal);
    }
    const byCustomer = new Map<number, string[]>();
    for (const v of list) {
      const cust = c.jobCustomer[v.job]!;
      byCustomer.set(cust, [...(byCustomer.get(cust) ?? []), v.name]);
    }
    for (const [cust, group] of byCustomer) {
      const m0 = fixed.visits[p * C + cust]!;
      for (let m = 1; m <= group.length; m++) if (m0 + m >= 2) addCost(group, m, wR);
    }
  }
  return { vars, atMostOne, slots, costs, roundingSlack, isComplete };
}
