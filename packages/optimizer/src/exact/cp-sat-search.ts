import type { CompiledInstance } from '../core/compile';
import { buildModel, literalOf } from './cp-sat-model';
import type { CpSatModel } from './cp-sat-model';
import { ObjectiveConstraint } from './cp-sat-objective';
import { ClauseLearningSolver } from './cp-sat-solver';
import type { SolveOutcome } from './cp-sat-solver';

/**
 * One persistent solver over the whole problem (cp-sat-model.ts), its
 * objective constraint and the incumbent: each search fixes what it does
 * not free through assumptions, and each model found lowers the bound to
 * one unit below its R, so everything learned stays valid for every later
 * search.
 */
export class CpSatSearch {
  readonly model: CpSatModel;
  readonly solver: ClauseLearningSolver;
  readonly objective: ObjectiveConstraint;
  /** Scaled objective R of the incumbent. */
  incumbentValue = Infinity;
  /** The assumptions of the last search. */
  private placed: number[] = [];

  constructor(c: CompiledInstance) {
    this.model = buildModel(c);
    const m = this.model;
    this.solver = new ClauseLearningSolver(m.varCount);
    this.objective = new ObjectiveConstraint(m);
    this.solver.setTheory(this.objective);
    for (const group of m.groups) this.solver.addAtMostOne(group);
    for (const lits of m.slotLits) this.solver.addClause(lits);
    // Cheap options first when nothing else decides: x by ascending weight, e last.
    for (let v = 0; v < m.varCount; v++) this.solver.setPhase(v, false);
  }

  /** The scaled R of an assignment vector (slot -> physicist, -1 empty). */
  valueOf(assign: Int32Array): number {
    return this.objective.evaluate(this.valuesOf(assign));
  }

  /** Makes `assign` the incumbent: saved phases follow it and the bound goes one unit below it. */
  setIncumbent(assign: Int32Array): void {
    const values = this.valuesOf(assign);
    for (let v = 0; v < this.model.varCount; v++) this.solver.setPhase(v, values[v] === 1);
    this.incumbentValue = this.objective.evaluate(values);
    this.objective.upperBound = Math.min(this.objective.upperBound, this.incumbentValue - 1);
  }

  /**
   * Searches for an assignment better than the incumbent that changes only
   * the model slots `free` (every other open slot is assumed as `assign`
   * holds it); the whole problem when `free` is null. `samePlacement`: the
   * same `free` and fixed slots as the last call (after it found a model).
   */
  search(
    assign: Int32Array,
    free: readonly number[] | null,
    conflictBudget: number,
    shouldStop: () => boolean,
    samePlacement = false,
  ): SolveOutcome {
    const m = this.model;
    const assumptions: number[] = [];
    if (samePlacement) return this.solver.solve(this.placed, conflictBudget, shouldStop, true);
    // Outside the freed slots every variable but the assumed holder is dormant.
    this.solver.backtrackToRoot();
    const isAssigned = (v: number) => this.solver.litValue(2 * v) !== 0;
    const dormant = new Uint8Array(m.varCount + 1);
    if (free) {
      const isFree = new Uint8Array(m.slots.length);
      for (const k of free) isFree[k] = 1;
      for (let k = 0; k < m.slots.length; k++) {
        if (isFree[k]) continue;
        const lit = literalOf(m, k, assign[m.slots[k]!]!);
        assumptions.push(lit);
        for (const other of m.slotLits[k]!) if (other !== lit) dormant[other >> 1] = 1;
      }
      this.objective.setActive(Int32Array.from(free), dormant, isAssigned);
    } else this.objective.setActive(Int32Array.from(m.slots.keys()), dormant, isAssigned);
    this.solver.setDormant(dormant);
    this.placed = assumptions;
    return this.solver.solve(assumptions, conflictBudget, shouldStop, samePlacement);
  }

  /** The last model as an assignment vector (open slots from the model, the rest from `base`). */
  modelAssignment(base: Int32Array): Int32Array {
    const m = this.model;
    const assign = Int32Array.from(base);
    for (let k = 0; k < m.slots.length; k++) assign[m.slots[k]!] = -1;
    for (let v = 0; v < m.varCount; v++) {
      const p = m.varPhysicist[v]!;
      if (p >= 0 && this.solver.model[v] === 1) assign[m.slots[m.varSlot[v]!]!] = p;
    }
    return assign;
  }

  /** The last model's R. */
  modelValue(): number {
    return this.objective.evaluate(this.solver.model);
  }

  private valuesOf(assign: Int32Array): Int8Array {
    const m = this.model;
    const values = new Int8Array(m.varCount).fill(-1);
    for (let k = 0; k < m.slots.length; k++) {
      const lit = literalOf(m, k, assign[m.slots[k]!]!);
      if (lit < 0)
        throw new Error(`cp_sat: slot ${m.slots[k]} holds a physicist outside the model`);
      values[lit >> 1] = 1;
    }
    return values;
  }
}
