import { ClauseStore } from './cp-sat-clauses';
import type { ClauseCounts } from './cp-sat-clauses';
import { VarHeap } from './cp-sat-heap';

/**
 * A conflict-driven clause-learning (CDCL) solver written for cp_sat, in the
 * style of MiniSat with lazy clause generation for one global constraint:
 * two watched literals per clause, native at-most-one groups, a theory
 * propagator (the objective, cp-sat-objective.ts) that explains what it
 * implies by literals already on the trail, first-UIP learning, VSIDS,
 * phase saving, Luby restarts and learned-clause deletion. It is built once
 * per run and solved many times under different assumptions: what it learns
 * stays valid as long as the constraints only tighten (the objective bound
 * only goes down), so one solver serves every neighbourhood. The clauses
 * themselves (storage, watches, activity, reduction, retirement) are kept
 * by a ClauseStore (cp-sat-clauses.ts); this file is the search.
 *
 * Literals: `2 * v` is variable v true, `2 * v + 1` false.
 */
export type SolveOutcome = 'sat' | 'unsat' | 'unknown';

/** A global constraint propagated after unit propagation reaches a fixpoint. */
export interface TheoryPropagator {
  /** `lit` has just become true. */
  onAssign(lit: number): void;
  /** `lit` (true until now) is being unassigned by backtracking. */
  onUnassign(lit: number): void;
  /**
   * Checks the constraint: returns true literals that cannot all hold (a
   * conflict), or null; may imply literals with solver.imply.
   */
  propagate(solver: ClauseLearningSolver): readonly number[] | null;
}

const REASON_DECISION = 0;
const REASON_CLAUSE = 1;
/** The reason is one other true literal (an at-most-one group). */
const REASON_LITERAL = 2;
/** The reason is a stored theory explanation (true literals). */
const REASON_THEORY = 3;

const RESTART_UNIT = 64;
const VAR_DECAY = 0.95;

/** Counts of what the solver did, each named for what it counts (the clause store's too). */
export interface SolverCounts extends ClauseCounts {
  conflicts: number;
  decisions: number;
  /** Literals taken off the propagation queue (each propagated once). */
  propagations: number;
  restarts: number;
  learnedClauses: number;
  learnedLiterals: number;
  /** Conflicts among the assumptions alone (nothing to learn: no model under them). */
  assumptionConflicts: number;
  /** Literals implied by the theory (the objective bound). */
  theoryImplications: number;
  theoryConflicts: number;
}

/** Luby sequence: 1 1 2 1 1 2 4 1 1 2 ... (i from 0). */
function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  let x = i;
  while (size - 1 !== x) {
    size = (size - 1) >> 1;
    seq--;
    x = x % size;
  }
  return 2 ** seq;
}

export class ClauseLearningSolver {
  readonly varCount: number;
  readonly counts: SolverCounts = {
    conflicts: 0,
    decisions: 0,
    propagations: 0,
    restarts: 0,
    learnedClauses: 0,
    learnedLiterals: 0,
    deletedClauses: 0,
    retiredClauses: 0,
    assumptionConflicts: 0,
    theoryImplications: 0,
    theoryConflicts: 0,
  };
  /** Values of the last model found (1 true, -1 false), per variable. */
  readonly model: Int8Array;
  /** Clauses given by the model (not learned) and at-most-one groups. */
  problemClauses = 0;
  amoGroups = 0;
  private readonly value: Int8Array;
  private readonly level: Int32Array;
  private readonly reasonKind: Uint8Array;
  private readonly reasonData: Int32Array;
  private readonly trail: Int32Array;
  private trailLen = 0;
  private qhead = 0;
  private readonly trailLim: number[] = [];
  private readonly clauses: ClauseStore;
  private readonly amoOf: number[][];
  private readonly groups: Int32Array[] = [];
  private readonly explanations: (readonly number[])[] = [];
  private readonly explanationLim: number[] = [];
  private readonly heap: VarHeap;
  private readonly phase: Uint8Array;
  private readonly seen: Uint8Array;
  private readonly dormant: Uint8Array;
  private isConsistent = true;
  private theory: TheoryPropagator | null = null;
  /**
   * The theory runs from this decision level on: once every assumption is
   * placed. Whatever it would find earlier it still finds then (its bound
   * only rises as literals are added), and a conflict that lies wholly below
   * the current level is handled as such.
   */
  private theoryFromLevel = 0;
  /** The last variable: the activation literal of the assumptions (see solve). */
  private readonly activation: number;
  private activationInUse = false;

  /** `varCount` variables for the model, plus one the solver keeps for its assumptions. */
  constructor(varCount: number) {
    this.varCount = varCount + 1;
    this.activation = varCount;
    const n = this.varCount;
    this.value = new Int8Array(n);
    this.model = new Int8Array(n);
    this.level = new Int32Array(n);
    this.reasonKind = new Uint8Array(n);
    this.reasonData = new Int32Array(n);
    this.trail = new Int32Array(n);
    this.phase = new Uint8Array(n);
    this.seen = new Uint8Array(n);
    this.dormant = new Uint8Array(n);
    this.clauses = new ClauseStore(2 * n, this.value, this.counts, (lit, ci) =>
      this.enqueue(lit, REASON_CLAUSE, ci),
    );
    this.amoOf = Array.from({ length: 2 * n }, () => []);
    this.heap = new VarHeap(n);
    for (let v = 0; v < varCount; v++) this.heap.insert(v);
  }

  setTheory(theory: TheoryPropagator): void {
    this.theory = theory;
  }

  /** 1 true, -1 false, 0 unassigned. */
  litValue(lit: number): number {
    const v = this.value[lit >> 1]!;
    return lit & 1 ? -v : v;
  }

  /** The phase a decision on v tries first (phase saving overwrites it as the search goes). */
  setPhase(v: number, isTrue: boolean): void {
    this.phase[v] = isTrue ? 1 : 0;
  }

  get decisionLevel(): number {
    return this.trailLim.length;
  }

  /** Adds a clause at level 0 (before or between solves); false once the problem is unsatisfiable. */
  addClause(literals: ArrayLike<number>): boolean {
    this.cancelUntil(0);
    this.theoryFromLevel = 0;
    if (!this.isConsistent) return false;
    const lits: number[] = [];
    for (const lit of Array.from(literals)) {
      const val = this.litValue(lit);
      if (val === 1 || lits.includes(lit ^ 1)) return true;
      if (val === 0 && !lits.includes(lit)) lits.push(lit);
    }
    this.problemClauses++;
    if (lits.length === 0) return (this.isConsistent = false);
    if (lits.length === 1) {
      this.enqueue(lits[0]!, REASON_DECISION, 0);
      return (this.isConsistent = this.propagate() === null);
    }
    this.clauses.add(Int32Array.from(lits), false);
    return true;
  }

  /** At most one of `lits` is true (propagated natively, explained by pairs). */
  addAtMostOne(lits: ArrayLike<number>): void {
    if (lits.length < 2) return;
    const g = this.groups.length;
    this.groups.push(Int32Array.from(lits));
    for (const lit of Array.from(lits)) this.amoOf[lit]!.push(g);
    this.amoGroups++;
  }

  /** Records why the theory implies what it does: true literals, assigned before what they imply. */
  addExplanation(trueLits: readonly number[]): number {
    this.explanations.push(trueLits);
    return this.explanations.length - 1;
  }

  /** The theory implies `lit` (unassigned) by explanation `explanation`. */
  imply(lit: number, explanation: number): void {
    this.counts.theoryImplications++;
    this.enqueue(lit, REASON_THEORY, explanation);
  }

  /**
   * Searches for a model under `assumptions` (literals that must hold).
   * They are placed as one decision level under the activation literal a:
   * a is that level's decision and implies each of them, so every literal of
   * the level follows from a, and conflict analysis writes the one literal
   * "not a" for all of them: learned clauses stay short, and they stay valid
   * while the same assumptions are placed under a. When the assumptions
   * change, the clauses that mention a are deleted and a is reused.
   * `samePlacement` says the assumptions are those of the last call (the
   * level is then kept from a call that found a model). 'unknown' when
   * `conflictBudget` conflicts went by or `shouldStop` (asked every 64
   * conflicts or 1,024 decisions) said so. A model is in `model`.
   */
  solve(
    assumptions: ArrayLike<number>,
    conflictBudget: number,
    shouldStop: () => boolean,
    samePlacement = false,
  ): SolveOutcome {
    if (!this.isConsistent) return 'unsat';
    const placing = assumptions.length > 0;
    if (!(samePlacement && placing && this.activationInUse)) {
      this.cancelUntil(0);
      if (this.activationInUse) this.retireActivation();
    } else this.cancelUntil(1);
    this.activationInUse = placing;
    const base = placing ? 1 : 0;
    this.theoryFromLevel = base;
    let conflicts = 0;
    let restarts = 0;
    let nextRestart = RESTART_UNIT * luby(0);
    let decisions = 0;
    for (;;) {
      if (placing && this.decisionLevel === 0) {
        if (!this.place(assumptions)) {
          this.cancelUntil(0);
          return 'unsat';
        }
      }
      const conflict = this.propagate();
      if (conflict) {
        this.counts.conflicts++;
        conflicts++;
        const resolved = this.resolveConflict(conflict);
        if (resolved === 'no model') {
          this.isConsistent = false;
          return 'unsat';
        }
        if (resolved === 'no model under the assumptions') {
          this.counts.assumptionConflicts++;
          this.cancelUntil(0);
          return 'unsat';
        }
        this.heap.decay(VAR_DECAY);
        this.clauses.decayActivity();
        if (conflicts >= conflictBudget || ((conflicts & 63) === 0 && shouldStop())) {
          this.cancelUntil(0);
          return 'unknown';
        }
        if (conflicts >= nextRestart) {
          restarts++;
          this.counts.restarts++;
          nextRestart = conflicts + RESTART_UNIT * luby(restarts);
          this.cancelUntil(Math.min(this.decisionLevel, base));
        }
        if (this.clauses.isFull) this.reduceLearned();
        continue;
      }
      const v = this.pickBranchVariable();
      if (v < 0) {
        this.model.set(this.value);
        this.cancelUntil(base);
        return 'sat';
      }
      this.counts.decisions++;
      decisions++;
      if ((decisions & 1023) === 0 && shouldStop()) {
        this.cancelUntil(0);
        return 'unknown';
      }
      this.trailLim.push(this.trailLen);
      this.explanationLim.push(this.explanations.length);
      this.enqueue(2 * v + (this.phase[v] ? 0 : 1), REASON_DECISION, 0);
    }
  }

  /**
   * Marks variables dormant: false in every model under the assumptions to
   * come (their slot's holder is assumed), so the group propagation does not
   * set them false one by one and the search never decides them (a clause
   * may still set one). The theory counts them as false (see
   * cp-sat-objective.ts). Call at level 0 (see backtrackToRoot).
   */
  setDormant(mask: Uint8Array): void {
    this.cancelUntil(0);
    this.dormant.set(mask);
    for (let v = 0; v < mask.length; v++) if (!mask[v]) this.heap.insert(v);
  }

  /** Undoes every decision (level 0 keeps what holds for good). */
  backtrackToRoot(): void {
    this.cancelUntil(0);
  }

  /** The activation literal while it is placed (level 1 holds the assumptions), else -1. */
  get placedActivation(): number {
    return this.activationInUse && this.decisionLevel >= 1 ? 2 * this.activation : -1;
  }

  /** Level 1: the activation literal, and every assumption as its consequence. False if one is false at level 0. */
  private place(assumptions: ArrayLike<number>): boolean {
    this.trailLim.push(this.trailLen);
    this.explanationLim.push(this.explanations.length);
    const a = 2 * this.activation;
    this.enqueue(a, REASON_DECISION, 0);
    for (let i = 0; i < assumptions.length; i++) {
      const lit = assumptions[i]!;
      const val = this.litValue(lit);
      if (val === -1) return false;
      if (val === 0) this.enqueue(lit, REASON_LITERAL, a);
    }
    return true;
  }

  /** The assumptions change: learned clauses that mention the activation literal go. */
  private retireActivation(): void {
    this.clauses.retireMentioning(2 * this.activation + 1);
    this.activationInUse = false;
  }

  private enqueue(lit: number, kind: number, data: number): void {
    const v = lit >> 1;
    this.value[v] = lit & 1 ? -1 : 1;
    this.level[v] = this.trailLim.length;
    this.reasonKind[v] = kind;
    this.reasonData[v] = data;
    this.trail[this.trailLen++] = lit;
    this.theory?.onAssign(lit);
  }

  private cancelUntil(target: number): void {
    if (this.trailLim.length <= target) return;
    const stop = this.trailLim[target]!;
    for (let i = this.trailLen - 1; i >= stop; i--) {
      const lit = this.trail[i]!;
      const v = lit >> 1;
      this.phase[v] = lit & 1 ? 0 : 1;
      this.value[v] = 0;
      this.theory?.onUnassign(lit);
      this.heap.insert(v);
    }
    this.trailLen = stop;
    this.qhead = stop;
    this.explanations.length = this.explanationLim[target]!;
    this.trailLim.length = target;
    this.explanationLim.length = target;
  }

  /** Unit propagation (groups, clauses), then the theory; a conflict as false literals, or null. */
  private propagate(): readonly number[] | null {
    for (;;) {
      while (this.qhead < this.trailLen) {
        const lit = this.trail[this.qhead++]!;
        this.counts.propagations++;
        for (const g of this.amoOf[lit]!) {
          for (const other of this.groups[g]!) {
            if (other === lit) continue;
            const val = this.litValue(other);
            if (val === 1) return [lit ^ 1, other ^ 1];
            if (val === 0 && !this.dormant[other >> 1])
              this.enqueue(other ^ 1, REASON_LITERAL, lit);
          }
        }
        const conflict = this.clauses.propagate(lit ^ 1);
        if (conflict) return conflict;
      }
      if (!this.theory || this.trailLim.length < this.theoryFromLevel) return null;
      const before = this.trailLen;
      const conflict = this.theory.propagate(this);
      if (conflict) {
        this.counts.theoryConflicts++;
        return conflict.map((l) => l ^ 1);
      }
      if (this.trailLen === before) return null;
    }
  }

  /** The false literals of v's reason (v itself left out). */
  private reasonLiterals(v: number): readonly number[] {
    const data = this.reasonData[v]!;
    const kind = this.reasonKind[v];
    if (kind === REASON_CLAUSE) return this.clauses.reasonLiterals(data);
    if (kind === REASON_LITERAL) return [data ^ 1];
    if (kind === REASON_THEORY) return this.explanations[data]!.map((l) => l ^ 1);
    return [];
  }

  /**
   * First-UIP learning from `conflict` (false literals): backtracks, adds the
   * learned clause and asserts its first literal. False when the conflict
   * holds at level 0 (no model under any assumptions).
   */
  private resolveConflict(
    conflict: readonly number[],
  ): 'no model' | 'no model under the assumptions' | 'learned' {
    let top = 0;
    for (const lit of conflict) top = Math.max(top, this.level[lit >> 1]!);
    if (top === 0) return 'no model';
    const underActivation = this.activationInUse;
    if (underActivation && top === 1) return 'no model under the assumptions';
    let needsActivation = false;
    // A theory conflict found late can lie wholly below the current level.
    this.cancelUntil(top);
    const learned: number[] = [-1];
    let pending = 0;
    let index = this.trailLen - 1;
    let lits: readonly number[] = conflict;
    let uip = -1;
    for (;;) {
      for (const q of lits) {
        const v = q >> 1;
        if (this.seen[v] || this.level[v] === 0) continue;
        if (underActivation && this.level[v] === 1) {
          needsActivation = true;
          continue;
        }
        this.seen[v] = 1;
        this.heap.bump(v);
        if (this.level[v]! >= top) pending++;
        else learned.push(q);
      }
      while (!this.seen[this.trail[index]! >> 1]) {
        index--;
        if (index < 0) throw new Error('cp_sat solver: conflict analysis ran off the trail');
      }
      uip = this.trail[index--]!;
      this.seen[uip >> 1] = 0;
      if (--pending === 0) break;
      lits = this.reasonLiterals(uip >> 1);
    }
    learned[0] = uip ^ 1;
    if (needsActivation) learned.push(2 * this.activation + 1);
    let back = 0;
    let backAt = 1;
    for (let k = 1; k < learned.length; k++) {
      const v = learned[k]! >> 1;
      this.seen[v] = 0;
      if (this.level[v]! > back) {
        back = this.level[v]!;
        backAt = k;
      }
    }
    this.cancelUntil(back);
    this.counts.learnedClauses++;
    this.counts.learnedLiterals += learned.length;
    if (learned.length === 1) {
      this.enqueue(learned[0], REASON_DECISION, 0);
      return 'learned';
    }
    [learned[1], learned[backAt]] = [learned[backAt]!, learned[1]!];
    const ci = this.clauses.add(Int32Array.from(learned), true);
    this.enqueue(learned[0], REASON_CLAUSE, ci);
    return 'learned';
  }

  private pickBranchVariable(): number {
    for (;;) {
      const v = this.heap.popMax();
      if (v < 0) return -1;
      if (this.value[v] === 0 && v !== this.activation && !this.dormant[v]) return v;
    }
  }

  /** Deletes the less active half of the learned clauses that are not reasons now. */
  private reduceLearned(): void {
    this.clauses.reduce((ci) => {
      const v = this.clauses.firstLiteral(ci) >> 1;
      return (
        this.value[v] !== 0 && this.reasonKind[v] === REASON_CLAUSE && this.reasonData[v] === ci
      );
    });
  }

  /** Learned clauses held now. */
  get learnedHeld(): number {
    return this.clauses.learnedHeld;
  }
}
