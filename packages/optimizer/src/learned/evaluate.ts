import type { CompiledInstance } from '../core/compile';
import { fillEmptySlots } from '../core/coverage';
import type { SolutionState } from '../core/solution';
import { nearestFeasibleGreedy } from '../construct/nearest-feasible';
import { construct } from './construct';
import type { Chooser } from './construct';
import type { SolvedWindow } from './teacher';

const round1 = (x: number) => Number(x.toFixed(1));

/** The date-order greedy (`heuristic`) with its ejection chains. */
export function heuristicSolution(c: CompiledInstance): SolutionState {
  const state = nearestFeasibleGreedy(c);
  fillEmptySlots(state);
  return state;
}

/**
 * The held-out test of a construction policy: on windows that no training
 * window contained, the summed F of the policy's construction, of
 * `heuristic` and of the teacher. Unlike a top-1 agreement, this says
 * whether following the model builds better solutions than the greedy.
 */
export function heldOutConstruction(
  policy: Chooser,
  heldOut: readonly SolvedWindow[],
): Record<string, unknown> {
  if (heldOut.length === 0) return { held_out_windows: 0 };
  let learned = 0;
  let greedy = 0;
  let teacher = 0;
  let better = 0;
  for (const w of heldOut) {
    const a = construct(w.window.compiled, policy).state.total;
    const b = heuristicSolution(w.window.compiled).total;
    learned += a;
    greedy += b;
    teacher += w.teacher.total;
    if (a < b - 1e-9) better++;
  }
  return {
    held_out_windows: heldOut.length,
    held_out_window_jobs: heldOut.reduce((s, w) => s + w.window.jobs.length, 0),
    held_out_construction_objective: round1(learned),
    held_out_heuristic_objective: round1(greedy),
    held_out_teacher_objective: round1(teacher),
    held_out_construction_beats_heuristic: learned < greedy - 1e-9,
    held_out_windows_construction_better: better,
  };
}
