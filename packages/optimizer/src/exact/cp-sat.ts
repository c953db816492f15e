import type { Algorithm, AlgorithmContext, AlgorithmOutcome } from '../core/context';
import type { SolutionState } from '../core/solution';
import { startingState } from '../greedy/start';
import { improveByKicks } from '../local-search/kick-search';
import { descend } from '../local-search/moves';
import { openJobs, pickExactOptimum } from './cp-sat-exact';
import { NEIGHBOURHOOD_KINDS, Neighbourhoods } from './cp-sat-lns';
import { CpSatSearch } from './cp-sat-search';

/** Up to this many open jobs, the whole problem is searched (and proven) before any neighbourhood. */
const WHOLE_PROBLEM_JOBS = 16;
/** Conflicts per call on the whole problem: between calls the run yields, so a cancel gets through. */
const WHOLE_PROBLEM_CHUNK = 2_000;
/** Conflicts a neighbourhood may take before it counts as unfinished (its size then shrinks). */
const NEIGHBOURHOOD_CONFLICTS = 150;
const INITIAL_NEIGHBOURHOOD_JOBS = 8;
/** The start's improving kicks (ILS steps that keep only improvements), per open slot. */
const START_KICKS_PER_OPEN_SLOT = 10;
const KICKS_PER_CHUNK = 200;
/** At most this share of the time left goes to the start's kicks (the rest to the neighbourhoods). */
const START_KICKS_TIME_SHARE = 0.3;

/**
 * `cp_sat`, CP-SAT style: our own clause-learning solver (no solver library,
 * not Google's CP-SAT) driven by large-neighbourhood search as CP-SAT's is.
 * The whole problem is one
 * Boolean model with the objective as a global constraint (built once,
 * cp-sat-model.ts / cp-sat-objective.ts), held by one CDCL solver for the
 * whole run (cp-sat-solver.ts). From a good start (balanced greedy, ejection
 * chains, descent), each neighbourhood frees the slots of some jobs and fixes
 * every other slot through assumptions; every model found becomes the
 * incumbent and lowers the objective bound below it, and a neighbourhood
 * ends when the solver proves nothing better is inside it or its conflict
 * budget runs out. Small problems are searched whole first, which proves
 * the optimum.
 */
export const cpSat: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  // The start: balanced greedy, ejection chains, a descent, then ILS kicks that keep only
  // improvements (every figure in the stats, so what the neighbourhoods add is visible).
  const current = startingState(ctx, 'cp_sat start (balanced heuristic)');
  const startTotal = current.total;
  descend(current, ctx.rng, () => ctx.shouldStop());
  const afterDescent = current.total;
  const startKicks = Math.round(START_KICKS_PER_OPEN_SLOT * c.openSlots.length);
  const startedKicks = ctx.now();
  const kicksUntilMs = ctx.elapsedMs + START_KICKS_TIME_SHARE * ctx.remainingMs;
  // Under an iteration cap the clock must not decide anything. Without one, the kicks' share of
  // the time is a phase: its stop test is counted and recorded, so a replay does as many kicks.
  const capped = ctx.iterationCap !== Infinity;
  const stopKicks = () =>
    ctx.shouldStop() || (!capped && ctx.phaseOver('cp_sat start kicks', kicksUntilMs));
  // In chunks, yielding between them so that a cancel gets through.
  for (let done = 0; done < startKicks && !stopKicks(); done += KICKS_PER_CHUNK) {
    improveByKicks(current, ctx.rng, Math.min(KICKS_PER_CHUNK, startKicks - done), stopKicks);
    await ctx.pause();
  }
  const kicksMs = Math.round(ctx.now() - startedKicks);
  ctx.offer(current, 'cp_sat start (descent and improving kicks)');
  const open = openJobs(c);
  if (open.length === 0)
    return { status: 'optimal', bound: current.total, stats: { iterations: 0, open_jobs: 0 } };
  const built = ctx.now();
  const search = new CpSatSearch(c);
  search.setIncumbent(current.assign);
  const run = new CpSatRun(ctx, search, current);
  const setup = {
    start_f: startTotal,
    after_descent_f: afterDescent,
    start_kicks: startKicks,
    start_kicks_ms: kicksMs,
    after_start_kicks_f: current.total,
    model_build_ms: Math.round(ctx.now() - built),
    open_jobs: open.length,
  };
  if (open.length <= WHOLE_PROBLEM_JOBS) {
    const proof = await run.wholeProblem();
    if (proof) return { ...proof, stats: { ...setup, ...proof.stats, ...run.stats() } };
  }
  await run.neighbourhoods(open.length);
  return { stats: { ...setup, ...run.stats() } };
};

/** One run's search state: the incumbent, the counts, and the two ways of searching. */
class CpSatRun {
  private iterations = 0;
  private improvements = 0;
  private finished = 0;
  private unfinished = 0;
  private freedSlots = 0;
  private readonly byKind = NEIGHBOURHOOD_KINDS.map(() => ({ neighbourhoods: 0, improvements: 0 }));
  private finalSize = 0;
  private wholeProblemProven = false;

  constructor(
    private readonly ctx: AlgorithmContext,
    private readonly search: CpSatSearch,
    private readonly current: SolutionState,
  ) {}

  /** Searches the whole problem; the outcome when it proved the optimum, else null (LNS goes on). */
  async wholeProblem(): Promise<AlgorithmOutcome | null> {
    const { ctx, search } = this;
    while (this.iterations < ctx.iterationCap && !ctx.shouldStop()) {
      this.iterations++;
      const outcome = search.search(this.current.assign, null, WHOLE_PROBLEM_CHUNK, () =>
        ctx.shouldStop(),
      );
      if (outcome === 'sat') this.adopt('cp_sat (whole problem)');
      else if (outcome === 'unsat') {
        this.wholeProblemProven = true;
        const m = search.model;
        const provenR = search.incumbentValue;
        const exact = pickExactOptimum(ctx, provenR, this.current);
        if (exact) ctx.offer(exact, 'cp_sat (whole problem, exact pick in the rounding band)');
        const lower = provenR / m.scale + m.constant - m.roundingSlack;
        return exact
          ? { status: 'optimal', bound: ctx.best.total }
          : { bound: Math.min(ctx.best.total, lower) };
      }
      ctx.report(
        `cp_sat: whole problem, ${this.iterations} solver calls`,
        ctx.schedule(this.iterations),
      );
      await ctx.pause();
    }
    return null;
  }

  /** Large-neighbourhood search until the time limit or the iteration cap. */
  async neighbourhoods(openJobCount: number): Promise<void> {
    const { ctx, search } = this;
    const picker = new Neighbourhoods(
      ctx.compiled,
      search.model,
      openJobCount,
      INITIAL_NEIGHBOURHOOD_JOBS,
    );
    while (this.iterations < ctx.iterationCap && !ctx.shouldStop()) {
      const kind = this.iterations % NEIGHBOURHOOD_KINDS.length;
      this.iterations++;
      const free = picker.pick(NEIGHBOURHOOD_KINDS[kind]!, this.current, ctx.rng);
      this.freedSlots += free.length;
      this.byKind[kind]!.neighbourhoods++;
      let conflictsLeft = NEIGHBOURHOOD_CONFLICTS;
      let done = false;
      let first = true;
      while (!done) {
        const before = search.solver.counts.conflicts;
        const outcome = search.search(
          this.current.assign,
          free,
          conflictsLeft,
          () => ctx.shouldStop(),
          !first,
        );
        first = false;
        conflictsLeft -= search.solver.counts.conflicts - before;
        if (outcome === 'sat') {
          this.adopt('cp_sat (neighbourhood)');
          this.byKind[kind]!.improvements++;
          if (conflictsLeft <= 0) {
            done = true;
            this.unfinished++;
            picker.adapt(false);
          }
        } else {
          done = true;
          if (outcome === 'unsat') this.finished++;
          else this.unfinished++;
          picker.adapt(outcome === 'unsat');
        }
      }
      this.finalSize = picker.size;
      ctx.report(
        `cp_sat: ${this.iterations} neighbourhoods, ${this.improvements} improvements`,
        ctx.schedule(this.iterations),
      );
      await ctx.pause();
    }
  }

  /** Takes the solver's last model as the incumbent (its R is below the incumbent's). */
  private adopt(foundBy: string): void {
    const assign = this.search.modelAssignment(this.current.assign);
    this.current.loadAssignment(assign);
    this.search.setIncumbent(assign);
    this.improvements++;
    this.ctx.offer(this.current, foundBy);
  }

  stats(): Record<string, unknown> {
    const { solver, model } = this.search;
    const counts = solver.counts;
    return {
      iterations: this.iterations,
      iteration_unit: this.wholeProblemProven
        ? 'solver call on the whole problem (up to 2,000 conflicts each)'
        : `neighbourhood (or, on a problem of up to ${WHOLE_PROBLEM_JOBS} open jobs, a solver call on the whole problem)`,
      whole_problem_proven: this.wholeProblemProven,
      improvements: this.improvements,
      neighbourhoods_finished: this.finished,
      neighbourhoods_cut_by_conflict_budget: this.unfinished,
      conflicts_per_neighbourhood: NEIGHBOURHOOD_CONFLICTS,
      mean_freed_slots_per_iteration: this.iterations
        ? Math.round(this.freedSlots / this.iterations)
        : 0,
      final_neighbourhood_jobs: Math.round(this.finalSize * 10) / 10,
      by_kind: Object.fromEntries(NEIGHBOURHOOD_KINDS.map((k, i) => [k, this.byKind[i]])),
      model_variables: model.varCount,
      model_clauses: solver.problemClauses,
      model_at_most_one_groups: solver.amoGroups,
      conflicts: counts.conflicts,
      conflicts_among_the_assumptions: counts.assumptionConflicts,
      decisions: counts.decisions,
      propagated_literals: counts.propagations,
      objective_implications: counts.theoryImplications,
      objective_conflicts: counts.theoryConflicts,
      restarts: counts.restarts,
      learned_clauses: counts.learnedClauses,
      learned_clauses_held: solver.learnedHeld,
      learned_clauses_deleted: counts.deletedClauses,
      learned_clauses_retired_with_their_neighbourhood: counts.retiredClauses,
      mean_learned_clause_literals: counts.learnedClauses
        ? Math.round(counts.learnedLiterals / counts.learnedClauses)
        : 0,
    };
  }
}
