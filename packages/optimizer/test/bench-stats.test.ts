import { describe, expect, it } from 'vitest';
import { iterationsOf, polishMsOf } from '../bench/bench-stats';

describe('bench stats', () => {
  it("reads each method's main-loop count under its own name", () => {
    expect(iterationsOf({ iterations: 12 })).toEqual({ count: 12, what: 'iterations' });
    expect(iterationsOf({ proposals: 7, accepted: 3 })).toEqual({ count: 7, what: 'proposals' });
    expect(iterationsOf({ local_search: { iterations: 40 } })).toEqual({
      count: 40,
      what: 'polish iterations',
    });
    expect(iterationsOf({ members: [{ iterations: 5 }, { iterations: 6 }, {}] })).toEqual({
      count: 11,
      what: 'members iterations',
    });
    expect(iterationsOf({ phase2: { nodes: 3 } })).toEqual({ count: 3, what: 'HiGHS nodes' });
    expect(iterationsOf({ found_by: 'x' })).toBeNull();
  });

  it("takes a learned key's polish time from its stats, else derives it from the stages' times", () => {
    expect(polishMsOf({ polish_ms: 800, after_local_search_objective: 1 }, 5000)).toEqual({
      ms: 800,
      derived: false,
    });
    expect(
      polishMsOf(
        {
          after_local_search_objective: 1,
          teacher_ms: 1000,
          training_ms: 500,
          learned_construction_ms: 20,
        },
        5000,
      ),
    ).toEqual({ ms: 3480, derived: true });
    expect(polishMsOf({ iterations: 3 }, 5000)).toBeNull();
  });
});
