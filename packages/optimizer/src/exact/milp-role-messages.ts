import type { MilpRoleRecipe } from '../core/contract';
import type { RoleModel } from './milp-role-model';

/** What milp-role.ts hands one role's HiGHS thread (milp-role-worker.ts) as its workerData. */
export interface RoleJob extends RoleModel {
  /** The first restricted LP's pairs: the warm start's and each slot's nearest free candidates. */
  readonly initialPairs: Int32Array;
  /** A shared Int32 flag: not 0 once the parent asks the thread to stop. */
  readonly stop: SharedArrayBuffer;
  readonly seed: number;
  readonly deadlineEpochMs: number;
  /** When column generation stops (unless it converges first). */
  readonly lpDeadlineEpochMs: number;
  readonly overshootSec: number;
  readonly mipRelGap: number;
  /** Where the recorded run's thread stopped (a replay), else null. */
  readonly replay: MilpRoleRecipe | null;
}

/** The thread's column generation ended (its LP's last value and best Lagrangian bound, with the offset). */
export interface RoleLpDone {
  readonly type: 'lp-done';
  readonly callbacks: number;
  readonly rounds: number;
  readonly converged: boolean;
  readonly lp: number;
  readonly bound: number;
  readonly columns: number;
  readonly rows: number;
}

/** How a MIP stage ended (the last one run; `status` 'not run' when none ran). */
export interface RoleMipResult {
  readonly status: string;
  readonly optimal: boolean;
  readonly objective: number | null;
  readonly mipBound: number;
  /** Branch-and-bound nodes over the thread's MIPs (counted as they run). */
  nodes: number;
}

/** A sub-MIP before the stages (the LP dive, RINS): its free slots and the incumbent after it. */
export interface RoleNeighbourhood {
  readonly run: string;
  readonly free_slots: number;
  readonly incumbent: number;
}

/** The thread's MIPs ended (values with the offset). */
export interface RoleDone extends RoleMipResult {
  readonly type: 'done';
  /** Both roles' MIPs proven makes the run optimal: a stage whose pairs covered the room proved it. */
  readonly optimal: boolean;
  readonly pairs: Int32Array;
  readonly lagrangian: number;
  readonly incumbent: number;
  readonly final: number;
  readonly bound: number;
  readonly kept: number;
  readonly stages: number;
  readonly neighbourhoods: readonly RoleNeighbourhood[];
  readonly recipe: MilpRoleRecipe;
  readonly callbacks: number;
}

/** What a role's thread posts to milp-role.ts. */
export type RoleMessage =
  | { readonly type: 'run'; readonly recipe: MilpRoleRecipe }
  | { readonly type: 'lp'; readonly rounds: number; readonly lp: number; readonly bound: number }
  | RoleLpDone
  | { readonly type: 'incumbent'; readonly pairs: Int32Array }
  | RoleDone;

/** What milp-role.ts posts to a role's thread once its LP is done: the incumbent (pair per slot, -1 none). */
export interface RoleOrder {
  readonly incumbent: Int32Array;
}
