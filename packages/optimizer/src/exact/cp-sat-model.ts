import { UNASSIGNED_PENALTY } from '@meridian/domain';
import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import { SolutionState } from '../core/solution';

/** Largest integer F may reach in the scaled objective (well inside a double's exact integers). */
const MAX_SCALED = 2 ** 50;

/**
 * The whole problem as one Boolean model, built once per run: a variable
 * x(s, p) for every open slot s and every candidate p free of the pinned
 * work, and a variable e(s) for "s stays empty". Constraints: exactly one of
 * {x(s, .), e(s)} per slot (an at-most-one group plus one clause), and per
 * physicist an at-most-one group for every day a job of theirs starts,
 * holding their variables of the jobs running that day (an interval graph's
 * maximal cliques, so every two overlapping jobs share a group).
 *
 * The objective is F' in integer units of 1 / scale: the weight of each
 * x(s, p) (its miles, with the stability and preference terms of the pair)
 * and e(s) (the coverage penalty), each physicist's
 * balance |n_p - t_p| as a table over their count of true x, and each
 * (physicist, customer) pair's rotation max(0, m - 1) likewise. F of a
 * complete assignment is R / scale + constant, within roundingSlack.
 */
export interface CpSatModel {
  readonly c: CompiledInstance;
  readonly varCount: number;
  /** Model slot k -> compiled slot, and back (-1 for slots not in the model). */
  readonly slots: Int32Array;
  readonly slotIndex: Int32Array;
  /** Per model slot: its literals (x and e, all positive) in ascending weight. */
  readonly slotLits: Int32Array[];
  /** Per model slot: the literal of e(s). */
  readonly emptyLit: Int32Array;
  /** Per variable: model slot, physicist (-1 for e), physicist * C + customer (-1 for e), weight. */
  readonly varSlot: Int32Array;
  readonly varPhysicist: Int32Array;
  readonly varPair: Int32Array;
  readonly weight: Float64Array;
  /** Per physicist: their x variables. */
  readonly physicistVars: Int32Array[];
  /** Per physicist: scaled balance by count of true x (0..count), and where it is least. */
  readonly balance: Float64Array[];
  readonly balanceLow: Int32Array;
  readonly balanceHigh: Int32Array;
  /** Visits per (physicist, customer) from pinned slots; rotation in scaled units per extra visit. */
  readonly pinnedVisits: Int32Array;
  readonly rotationUnit: number;
  /** (physicist, customer) pairs with at least one x variable. */
  readonly pairs: Int32Array;
  /** At-most-one groups (slots, then physicist days). */
  readonly groups: Int32Array[];
  readonly scale: number;
  /** F = R / scale + constant, for R the scaled objective of a complete assignment. */
  readonly constant: number;
  /** Bound on |F - (R / scale + constant)| from rounding the terms to integers. */
  readonly roundingSlack: number;
}

/** The literal of physicist p in model slot k (-1 if p is not a variable there). */
export function literalOf(model: CpSatModel, k: number, p: number): number {
  if (p < 0) return model.emptyLit[k]!;
  for (const lit of model.slotLits[k]!) if (model.varPhysicist[lit >> 1] === p) return lit;
  return -1;
}

/** Scaled rotation of pair `pair` with m new visits. */
export function rotationCost(model: CpSatModel, pair: number, m: number): number {
  return model.rotationUnit * Math.max(0, model.pinnedVisits[pair]! + m - 1);
}

/** Builds the run's model of `c` (CpSatModel), its pinned slots fixed. */
export function buildModel(c: CompiledInstance): CpSatModel {
  const pinnedOnly = new SolutionState(c);
  const { slotList, candidateLists } = openSlotCandidates(c, pinnedOnly);
  const S = slotList.length;
  const varCount = S + candidateLists.reduce((sum, list) => sum + list.length, 0);
  const scale = Math.max(1, Math.min(1e6, Math.floor(MAX_SCALED / (UNASSIGNED_PENALTY * (S + 1)))));
  const vars = slotVariables(c, slotList, candidateLists, varCount, scale);
  const groups = [
    ...vars.slotGroups,
    ...physicistDayGroups(c, vars.byPhysicist, vars.varSlot, slotList),
  ];
  const pinnedVisits = Int32Array.from(pinnedOnly.visits);
  const tables = balanceTables(c, pinnedOnly, vars.byPhysicist, scale);
  let emptyScaled = S * UNASSIGNED_PENALTY * scale;
  for (const table of tables.balance) emptyScaled += table[0]!;
  const rotationUnit = Math.round(scale * c.weights.staff_rotation);
  const pairSet = new Set<number>();
  for (let x = 0; x < varCount; x++) if (vars.varPair[x]! >= 0) pairSet.add(vars.varPair[x]!);
  const pairs = Int32Array.from([...pairSet].sort((a, b) => a - b));
  for (const pair of pairs) emptyScaled += rotationUnit * Math.max(0, pinnedVisits[pair]! - 1);
  // Each rounded term is off by at most 1/2 unit, in R and in the all-empty R the constant uses.
  const terms = S + c.physicistCount + pairs.length;
  const rotationError = Math.abs(rotationUnit - scale * c.weights.staff_rotation) * 4 * c.jobCount;
  return {
    c,
    varCount,
    slots: Int32Array.from(slotList),
    slotIndex: vars.slotIndex,
    slotLits: vars.slotLits,
    emptyLit: vars.emptyLit,
    varSlot: vars.varSlot,
    varPhysicist: vars.varPhysicist,
    varPair: vars.varPair,
    weight: vars.weight,
    physicistVars: vars.byPhysicist.map((list) => Int32Array.from(list)),
    ...tables,
    pinnedVisits,
    rotationUnit,
    pairs,
    groups,
    scale,
    constant: pinnedOnly.total - emptyScaled / scale,
    roundingSlack: (terms + rotationError + 1e-6 * scale) / scale,
  };
}

/** The open slots and, for each, its candidates free of the pinned work. */
function openSlotCandidates(c: CompiledInstance, pinnedOnly: SolutionState) {
  const slotList: number[] = [];
  const candidateLists: number[][] = [];
  for (const slot of c.openSlots) {
    const free = Array.from(slotCandidates(c, slot)).filter((p) => pinnedOnly.isFree(p, slot >> 1));
    slotList.push(slot);
    candidateLists.push(free);
  }
  return { slotList, candidateLists };
}

/**
 * The variables, slot by slot: x(s, p) for each candidate, then e(s), with
 * their scaled weights; each slot's literals in ascending weight, which are
 * also its at-most-one group.
 */
function slotVariables(
  c: CompiledInstance,
  slotList: readonly number[],
  candidateLists: readonly number[][],
  varCount: number,
  scale: number,
) {
  const P = c.physicistCount;
  const { proximity } = c.weights;
  const sp = c.stabilityAndPreferenceCost;
  const slotIndex = new Int32Array(2 * c.jobCount).fill(-1);
  const varSlot = new Int32Array(varCount);
  const varPhysicist = new Int32Array(varCount).fill(-1);
  const varPair = new Int32Array(varCount).fill(-1);
  const weight = new Float64Array(varCount);
  const emptyLit = new Int32Array(slotList.length);
  const slotLits: Int32Array[] = [];
  const slotGroups: Int32Array[] = [];
  const byPhysicist: number[][] = Array.from({ length: P }, () => []);
  let v = 0;
  for (let k = 0; k < slotList.length; k++) {
    const slot = slotList[k]!;
    const job = slot >> 1;
    slotIndex[slot] = k;
    const vars: number[] = [];
    for (const p of candidateLists[k]!) {
      varSlot[v] = k;
      varPhysicist[v] = p;
      varPair[v] = p * c.customerCount + c.jobCustomer[job]!;
      const miles = c.distance[job * P + p]!;
      // F' adds the stability and preference terms per pair (see CompiledInstance); rounded once.
      weight[v] = sp
        ? Math.round(scale * ((proximity * miles) / 100 + sp[job * P + p]!))
        : Math.round((scale * proximity * miles) / 100);
      byPhysicist[p]!.push(v);
      vars.push(v++);
    }
    varSlot[v] = k;
    weight[v] = UNASSIGNED_PENALTY * scale;
    emptyLit[k] = 2 * v;
    vars.push(v++);
    vars.sort((a, b) => weight[a]! - weight[b]!);
    slotLits.push(Int32Array.from(vars, (x) => 2 * x));
    slotGroups.push(Int32Array.from(vars, (x) => 2 * x));
  }
  return {
    slotIndex,
    varSlot,
    varPhysicist,
    varPair,
    weight,
    emptyLit,
    slotLits,
    slotGroups,
    byPhysicist,
  };
}

/** Per physicist, the scaled balance by count of true x, and the counts where it is least. */
function balanceTables(
  c: CompiledInstance,
  pinnedOnly: SolutionState,
  byPhysicist: readonly number[][],
  scale: number,
) {
  const P = c.physicistCount;
  const wB = c.weights.job_balance;
  const balance: Float64Array[] = [];
  const balanceLow = new Int32Array(P);
  const balanceHigh = new Int32Array(P);
  for (let p = 0; p < P; p++) {
    const n = byPhysicist[p]!.length;
    const table = new Float64Array(n + 1);
    for (let m = 0; m <= n; m++)
      table[m] = Math.round(scale * wB * Math.abs(pinnedOnly.load[p]! + m - c.target[p]!));
    let least = Infinity;
    for (const x of table) least = Math.min(least, x);
    balanceLow[p] = table.indexOf(least);
    balanceHigh[p] = table.lastIndexOf(least);
    balance.push(table);
  }
  return { balance, balanceLow, balanceHigh };
}

/** Per physicist, one group per start day of their jobs: their variables of the jobs running that day. */
function physicistDayGroups(
  c: CompiledInstance,
  byPhysicist: readonly number[][],
  varSlot: Int32Array,
  slotList: readonly number[],
): Int32Array[] {
  const groups: Int32Array[] = [];
  let longest = 0;
  for (let j = 0; j < c.jobCount; j++)
    longest = Math.max(longest, c.jobLastDay[j]! - c.jobFirstDay[j]!);
  for (const vars of byPhysicist) {
    const jobOf = (x: number) => slotList[varSlot[x]!]! >> 1;
    const sorted = [...vars].sort((a, b) => c.jobFirstDay[jobOf(a)]! - c.jobFirstDay[jobOf(b)]!);
    let previous = '';
    for (let i = 0; i < sorted.length; i++) {
      const day = c.jobFirstDay[jobOf(sorted[i]!)]!;
      if (i + 1 < sorted.length && c.jobFirstDay[jobOf(sorted[i + 1]!)]! === day) continue;
      // Jobs started by `day` (all of sorted[0..i]) that are still running on it.
      const group: number[] = [];
      for (let k = i; k >= 0; k--) {
        const x = sorted[k]!;
        if (c.jobFirstDay[jobOf(x)]! < day - longest) break;
        if (c.jobLastDay[jobOf(x)]! >= day) group.push(2 * x);
      }
      const key = group.join(',');
      if (group.length >= 2 && key !== previous) groups.push(Int32Array.from(group));
      previous = key;
    }
  }
  return groups;
}
