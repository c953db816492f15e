import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';
import {
  RoleRows,
  addBalanceRows,
  addCliqueRows,
  addRotationRows,
  fixedCost,
  rolePairs,
} from './milp-role-rows';

/**
 * One role's exact model for milp by role (milp-role.ts), as flat arrays for
 * its HiGHS thread (milp-role-worker.ts). F separates by role: every term
 * sums over slots (miles, coverage) or over physicists (balance, rotation),
 * and each physicist has one role, so the lead and data-acq problems are
 * independent. Rows, all with coefficient 1 for an assignment x[s,p]:
 *
 *   [0, S)        slot s: sum_p x[s,p] = 1 (every fillable slot is filled) or <= 1
 *   cliques       sum_{j in K} x[j,p] <= 1 per maximal clique K of p's overlapping jobs
 *   balance       sum_j x[j,p] + below_p - within_p - above_p = k_p
 *   rotation      sum_{j of c} x[j,p] - r_pc <= 1 - m0_pc
 *
 * Balance is the convex hull of |n - g| over whole loads n (g = t_p - n0_p,
 * k = floor(g), f = g - k): the load n = k - below + within + above with
 * within in [0, 1], costing w_B (f + below + (1 - 2f) within + above). At a
 * whole n it is |n - g| exactly; at a fractional n it is the chord between
 * k and k + 1, above the |n - g| of d+ + d- (which is 0 at n = g). So the
 * LP bound counts the balance no whole load can avoid (up to w_B / 2 per
 * physicist) and the model is the same MIP.
 *
 * The HiGHS thread adds the rows it needs as it goes (slot and balance rows
 * first, a clique or rotation row when broken); a pair lists its rows other
 * than its slot row in ascending order.
 */
export interface RoleModel {
  readonly role: number;
  /** Global slot of each local slot. */
  readonly slots: Int32Array;
  readonly slotCount: number;
  readonly slotEquality: boolean;
  readonly pairSlot: Int32Array;
  readonly pairPhysicist: Int32Array;
  readonly pairCost: Float64Array;
  readonly pairRowStart: Int32Array;
  readonly pairRows: Int32Array;
  readonly rowLower: Float64Array;
  readonly rowUpper: Float64Array;
  /**
   * The balance and rotation columns: cost, their one row, coefficient and
   * upper bound (0 below). A row's columns of coefficient -1 come in the
   * order they fill (within before above).
   */
  readonly extraCost: Float64Array;
  readonly extraRow: Int32Array;
  readonly extraCoef: Float64Array;
  readonly extraUpper: Float64Array;
  /** The role's part of F that no x changes: pinned miles, rotation of customers with no pair. */
  readonly offset: number;
}

/**
 * Builds role `role`'s model over its fillable slots (open, with a candidate
 * free of the pinned work in `fixed`, which holds the pinned slots only).
 */
export function buildRoleModel(
  c: CompiledInstance,
  fixed: SolutionState,
  role: number,
  fillable: readonly number[],
  slotEquality: boolean,
): RoleModel {
  const slots = Int32Array.from(fillable.filter((slot) => (slot & 1) === role));
  const pairs = rolePairs(c, fixed, slots);
  const rows = new RoleRows(slots.length, slotEquality);
  const build = { c, fixed, role, pairs, rows };
  // Rows in this order: slot rows, clique rows, then per physicist of the role balance, then rotation.
  addCliqueRows(build);
  rows.offset += fixedCost(c, fixed, role);
  addBalanceRows(build);
  addRotationRows(build);
  const sp = c.stabilityAndPreferenceCost;
  const P = c.physicistCount;
  const { proximity } = c.weights;
  return {
    role,
    slots,
    slotCount: slots.length,
    slotEquality,
    pairSlot: Int32Array.from(pairs.slot),
    pairPhysicist: Int32Array.from(pairs.physicist),
    pairCost: Float64Array.from(pairs.slot, (s, q) => {
      const at = (slots[s]! >> 1) * P + pairs.physicist[q]!;
      return (proximity / 100) * c.distance[at]! + (sp ? sp[at]! : 0);
    }),
    ...rows.pairRows(pairs.slot.length),
    rowLower: Float64Array.from(rows.lower),
    rowUpper: Float64Array.from(rows.upper),
    extraCost: Float64Array.from(rows.extraCost),
    extraRow: Int32Array.from(rows.extraRow),
    extraCoef: Float64Array.from(rows.extraCoef),
    extraUpper: Float64Array.from(rows.extraUpper),
    offset: rows.offset,
  };
}

/** The pair each local slot holds in `state` (-1 if none), by (slot, physicist). */
export function pairsOfState(model: RoleModel, state: SolutionState): Int32Array {
  const index = new Map<number, number>();
  for (let q = 0; q < model.pairSlot.length; q++)
    index.set(model.pairSlot[q]! * 65536 + model.pairPhysicist[q]!, q);
  const pairs = new Int32Array(model.slotCount).fill(-1);
  for (let s = 0; s < model.slotCount; s++) {
    const p = state.assign[model.slots[s]!]!;
    if (p >= 0) pairs[s] = index.get(s * 65536 + p) ?? -1;
  }
  return pairs;
}
