// How a comparison shares the machine: each algorithm's time by the schedule's size,
// and at most `lanes` algorithms at once, those that keep several cores busy alone.
import { describe, expect, it } from 'vitest';
import {
  comparisonBudgetMs,
  plannedSeconds,
  runInLanes,
  RUNS_ALONE,
} from '../src/kinds/comparison/comparison-plan';

describe("a comparison algorithm's time", () => {
  it('grows with the jobs, from 0.5 s up to the configured limit', () => {
    expect(comparisonBudgetMs(6, 3000)).toBe(500);
    expect(comparisonBudgetMs(300, 3000)).toBe(1500);
    expect(comparisonBudgetMs(600, 3000)).toBe(3000);
    expect(comparisonBudgetMs(5000, 3000)).toBe(3000);
    // A configured limit below the floor is kept.
    expect(comparisonBudgetMs(6, 200)).toBe(200);
  });

  it('plans the alone ones in turn and the rest two at a time', () => {
    expect(plannedSeconds(['heuristic', 'ils', 'alns', 'portfolio', 'milp'], 1000, 2)).toBe(4);
    expect(plannedSeconds(['heuristic', 'ils', 'alns'], 1000, 1)).toBe(3);
  });
});

describe('runInLanes', () => {
  /** Runs `items`, each ending when the test releases it; records how many ran at once. */
  const track = (items: string[], lanes: number) => {
    let now = 0;
    let most = 0;
    const started: string[] = [];
    const alongside = new Map<string, number>();
    const release = new Map<string, () => void>();
    const done = runInLanes(
      items,
      lanes,
      (item) => RUNS_ALONE.has(item as never),
      (item) =>
        new Promise<void>((resolve) => {
          now++;
          most = Math.max(most, now);
          started.push(item);
          alongside.set(item, now);
          release.set(item, () => {
            now--;
            resolve();
          });
        }),
    );
    return { done, started, alongside, release, most: () => most };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** Ends every running item, round after round, until all have run. */
  const drain = async (t: ReturnType<typeof track>) => {
    for (let round = 0; round < 20; round++) {
      await settle();
      for (const [item, release] of t.release) {
        release();
        t.release.delete(item);
      }
    }
    await t.done;
  };

  it('runs two at a time, then each alone one by itself, and every item once', async () => {
    const items = ['portfolio', 'heuristic', 'ils', 'alns', 'milp', 'ts'];
    const t = track(items, 2);
    await drain(t);
    expect(t.most()).toBe(2);
    expect(t.alongside.get('ils')).toBe(2);
    expect(t.alongside.get('portfolio')).toBe(1);
    expect(t.alongside.get('milp')).toBe(1);
    // The shared ones first, in the order given, then the alone ones.
    expect(t.started).toEqual(['heuristic', 'ils', 'alns', 'ts', 'portfolio', 'milp']);
  });

  it('runs one at a time with one lane', async () => {
    const items = ['heuristic', 'ils', 'alns'];
    const t = track(items, 1);
    await drain(t);
    expect(t.started).toEqual(items);
    expect(t.most()).toBe(1);
  });
});
