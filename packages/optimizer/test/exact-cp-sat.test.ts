import { describe, expect, it } from 'vitest';
import { dayNumber, evaluateObjective } from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import { generateInstance } from '../bench/generate';
import { compileInstance } from '../src/core/compile';
import { cpSat } from '../src/exact/cp-sat';
import { CpSatSearch } from '../src/exact/cp-sat-search';
import { balancedGreedy } from '../src/greedy/balanced-heuristic';
import { randomInstance } from './fixtures';
import { countingClock } from './support/fake-clock';
import { runDirect } from './exact-helpers';

/**
 * The optimum of F by exhaustive enumeration, written apart from the
 * optimizer: feasibility from the instance's own fields (roles, leave,
 * overlapping dates), F from the domain evaluator. F separates by role (each
 * physicist has one role, and every term sums over slots or physicists), so
 * F(L, D) = F(L, none) + F(none, D) - F(none, none) and each role's slots are
 * enumerated on their own. No pins (pinned slots are left out).
 */
function enumeratedOptimum(instance: Instance): number {
  const day = (date: string) => dayNumber(date);
  const jobs = instance.jobs;
  const usable = (j: (typeof jobs)[number]) => j.lat !== null && j.lon !== null;
  const bestOfRole = (role: 'lead' | 'dataacq'): number => {
    const people = instance.physicists.filter((p) => p.role === role);
    const choice: (string | null)[] = jobs.map(() => null);
    const busy = new Map<string, number[]>();
    let best = Infinity;
    const overlaps = (a: number, b: number) =>
      day(jobs[a]!.start) <= day(jobs[b]!.end) && day(jobs[b]!.start) <= day(jobs[a]!.end);
    const visit = (i: number): void => {
      if (i === jobs.length) {
        const assignments: JobAssignment[] = jobs.map((j, k) => ({
          job_id: j.id,
          lead_id: role === 'lead' ? choice[k]! : null,
          data_acq_id: role === 'dataacq' ? choice[k]! : null,
          kit_id: null,
        }));
        best = Math.min(best, evaluateObjective(instance, assignments, instance.weights).total);
        return;
      }
      visit(i + 1);
      if (!usable(jobs[i]!)) return;
      for (const p of people) {
        const onLeave = p.unavailable.some(
          (u) => day(u.start) <= day(jobs[i]!.end) && day(jobs[i]!.start) <= day(u.end),
        );
        const held = busy.get(p.id) ?? [];
        if (onLeave || held.some((k) => overlaps(k, i))) continue;
        choice[i] = p.id;
        busy.set(p.id, [...held, i]);
        visit(i + 1);
        busy.set(p.id, held);
        choice[i] = null;
      }
    };
    visit(0);
    return best;
  };
  const none = jobs.map((j) => ({ job_id: j.id, lead_id: null, data_acq_id: null, kit_id: null }));
  const empty = evaluateObjective(instance, none, instance.weights).total;
  return bestOfRole('lead') + bestOfRole('dataacq') - empty;
}

describe('cp_sat (clause learning with LNS)', () => {
  it.each([
    [8, 6, [1, 2, 3, 4]],
    [10, 4, [5, 6, 7]],
  ])(
    'proves the enumerated optimum of %i-job instances (%i physicists) and stops',
    async (jobs, physicists, seeds) => {
      for (const seed of seeds) {
        const instance = randomInstance(seed, jobs, physicists, 0);
        const optimum = enumeratedOptimum(instance);
        // On a clock that moves 1 ms per reading: a run that searched on after its proof would
        // end on this limit (isTimedOut) after 120,000 readings, on any machine.
        const run = await runDirect(
          instance,
          cpSat,
          { algorithm: 'cp_sat', seed, timeLimitMs: 120_000 },
          undefined,
          { now: countingClock(1) },
        );
        expect(run.violations).toEqual([]);
        expect(run.outcome.status).toBe('optimal');
        expect(run.evaluated.total).toBeCloseTo(optimum, 6);
        expect(run.reported.total).toBeCloseTo(run.evaluated.total, 6);
        expect(run.outcome.bound).toBeCloseTo(optimum, 6);
        expect(run.outcome.stats?.whole_problem_proven).toBe(true);
        // Proven, so it does not search on to the limit.
        expect(run.ctx.isTimedOut).toBe(false);
      }
    },
    240_000,
  );

  it('the model scores a complete assignment as the evaluator does, within its rounding slack', () => {
    const instance = randomInstance(3, 30, 8, 2);
    const c = compileInstance(instance);
    const search = new CpSatSearch(c);
    const state = balancedGreedy(c);
    const m = search.model;
    const fromModel = search.valueOf(state.assign) / m.scale + m.constant;
    const evaluated = evaluateObjective(instance, state.toAssignments(), instance.weights).total;
    expect(Math.abs(fromModel - evaluated)).toBeLessThanOrEqual(m.roundingSlack);
    expect(m.roundingSlack).toBeLessThan(1e-3);
  });

  it('its neighbourhoods improve a seeded 60-job instance beyond the polished start, with honest counts, and a capped run repeats', async () => {
    const instance = generateInstance(2, 60, 10);
    const options = {
      algorithm: 'cp_sat' as const,
      seed: 4,
      maxIterations: 40,
      timeLimitMs: 600_000,
    };
    const a = await runDirect(instance, cpSat, options);
    const b = await runDirect(instance, cpSat, options);
    expect(a.violations).toEqual([]);
    expect(a.reported.total).toBeCloseTo(a.evaluated.total, 6);
    const stats = a.outcome.stats!;
    expect(stats.iterations).toBe(40);
    expect(b.assignments).toEqual(a.assignments);
    // The neighbourhoods improve on the start they were given (after the descent and the kicks).
    expect(stats.improvements).toBeGreaterThan(0);
    expect(a.evaluated.total).toBeLessThan((stats.after_start_kicks_f as number) - 1e-6);
    expect(stats.after_start_kicks_f).toBeLessThanOrEqual(stats.after_descent_f as number);
    // Counted, not estimated: each slot's exactly-one clause, and one learned clause per
    // conflict except those among the assumptions alone (they end a neighbourhood instead).
    expect(stats.model_clauses).toBe(compileInstance(instance).openSlots.length);
    expect(
      (stats.learned_clauses as number) + (stats.conflicts_among_the_assumptions as number),
    ).toBe(stats.conflicts);
    expect(
      (stats.neighbourhoods_finished as number) +
        (stats.neighbourhoods_cut_by_conflict_budget as number),
    ).toBe(40);
  });
});
