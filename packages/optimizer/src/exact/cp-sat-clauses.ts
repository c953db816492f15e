/** The counts the clause store keeps up to date (part of the solver's SolverCounts). */
export interface ClauseCounts {
  /** Learned clauses deleted by reductions. */
  deletedClauses: number;
  /** Learned clauses deleted because they mention the activation literal of assumptions that changed. */
  retiredClauses: number;
}

const CLAUSE_DECAY = 0.999;
/** Learned clauses held before the first reduction; it grows by a tenth at each. */
const FIRST_REDUCTION_AT = 2000;

/**
 * The clauses of cp_sat's CDCL solver (cp-sat-solver.ts): storage, two
 * watched literals per clause, the activity of learned clauses, their
 * reduction and their retirement with the assumptions they were learned
 * under. The search (propagation order, conflict analysis, decisions) stays
 * in the solver, which hands the store its variables' values to read.
 */
export class ClauseStore {
  private readonly clauses: (Int32Array | null)[] = [];
  private readonly activity: number[] = [];
  private readonly learnedIndices: number[] = [];
  /** Per literal, the clauses watching it (a deleted clause is dropped when next visited). */
  private readonly watches: number[][];
  private activityInc = 1;
  private maxLearned = FIRST_REDUCTION_AT;

  /**
   * `value`: the solver's values per variable (1 true, -1 false, 0 unset),
   * read in place; `imply`: how the store asserts a literal its clause `ci`
   * has made unit.
   */
  constructor(
    literalCount: number,
    private readonly value: Int8Array,
    private readonly counts: ClauseCounts,
    private readonly imply: (lit: number, ci: number) => void,
  ) {
    this.watches = Array.from({ length: literalCount }, () => []);
  }

  /** 1 true, -1 false, 0 unassigned. */
  private litValue(lit: number): number {
    const v = this.value[lit >> 1]!;
    return lit & 1 ? -v : v;
  }

  /** Stores a clause of 2 or more literals, watching its first two; a learned one starts as the most active. */
  add(lits: Int32Array, learned: boolean): number {
    const ci = this.clauses.length;
    this.clauses.push(lits);
    this.activity.push(learned ? this.activityInc : 0);
    this.watches[lits[0]!]!.push(ci);
    this.watches[lits[1]!]!.push(ci);
    if (learned) this.learnedIndices.push(ci);
    return ci;
  }

  /** The first literal of clause `ci` (the one it implies when it is a reason). */
  firstLiteral(ci: number): number {
    return this.clauses[ci]![0]!;
  }

  /** The false literals of clause `ci` as a reason (its first literal left out); bumps its activity. */
  reasonLiterals(ci: number): readonly number[] {
    const cl = this.clauses[ci]!;
    this.activity[ci]! += this.activityInc;
    return Array.from(cl.subarray(1));
  }

  /** After each conflict: recent activity weighs more. */
  decayActivity(): void {
    this.activityInc /= CLAUSE_DECAY;
  }

  /** Whether enough learned clauses are held for a reduction. */
  get isFull(): boolean {
    return this.learnedIndices.length >= this.maxLearned;
  }

  /** Learned clauses held now. */
  get learnedHeld(): number {
    return this.learnedIndices.length;
  }

  /** Visits the clauses watching `falseLit`, which has just become false; a conflict as false literals, or null. */
  propagate(falseLit: number): readonly number[] | null {
    const ws = this.watches[falseLit]!;
    let i = 0;
    let j = 0;
    while (i < ws.length) {
      const ci = ws[i++]!;
      const cl = this.clauses[ci];
      if (!cl) continue; // deleted: dropped from this list
      if (cl[0] === falseLit) {
        cl[0] = cl[1]!;
        cl[1] = falseLit;
      }
      const first = cl[0]!;
      if (this.litValue(first) === 1) {
        ws[j++] = ci;
        continue;
      }
      let moved = false;
      for (let k = 2; k < cl.length; k++) {
        if (this.litValue(cl[k]!) !== -1) {
          cl[1] = cl[k]!;
          cl[k] = falseLit;
          this.watches[cl[1]]!.push(ci);
          moved = true;
          break;
        }
      }
      if (moved) continue;
      ws[j++] = ci;
      if (this.litValue(first) === -1) {
        while (i < ws.length) ws[j++] = ws[i++]!;
        ws.length = j;
        return Array.from(cl);
      }
      this.imply(first, ci);
    }
    ws.length = j;
    return null;
  }

  /** Deletes the learned clauses that contain `lit` (the negated activation literal of retired assumptions). */
  retireMentioning(lit: number): void {
    const kept: number[] = [];
    for (const ci of this.learnedIndices) {
      if (this.clauses[ci]!.includes(lit)) {
        this.clauses[ci] = null;
        this.counts.retiredClauses++;
      } else kept.push(ci);
    }
    this.learnedIndices.length = 0;
    this.learnedIndices.push(...kept);
  }

  /** Deletes the less active half of the learned clauses that are not binary and not reasons now (`isLocked`). */
  reduce(isLocked: (ci: number) => boolean): void {
    const order = [...this.learnedIndices].sort((a, b) => this.activity[a]! - this.activity[b]!);
    const keep = new Set(order.slice(order.length >> 1));
    const kept: number[] = [];
    for (const ci of this.learnedIndices) {
      if (keep.has(ci) || isLocked(ci) || this.clauses[ci]!.length === 2) kept.push(ci);
      else {
        this.clauses[ci] = null;
        this.counts.deletedClauses++;
      }
    }
    this.learnedIndices.length = 0;
    this.learnedIndices.push(...kept);
    this.maxLearned = Math.round(this.maxLearned * 1.1);
  }
}
