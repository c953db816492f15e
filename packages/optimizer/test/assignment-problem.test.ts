import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveAssignment } from '../src/core/assignment-problem';

/** The cheapest assignment of rows to distinct columns, by trying every one. */
function bruteForce(cost: number[][], cols: number): number {
  const rows = cost.length;
  let best = Infinity;
  const used = new Array<boolean>(cols).fill(false);
  const walk = (row: number, sum: number) => {
    if (row === rows) {
      best = Math.min(best, sum);
      return;
    }
    for (let j = 0; j < cols; j++) {
      if (used[j]) continue;
      used[j] = true;
      walk(row + 1, sum + cost[row]![j]!);
      used[j] = false;
    }
  };
  walk(0, 0);
  return best;
}

describe('solveAssignment (Hungarian method)', () => {
  it('solves a 3 x 3 case worked out by hand', () => {
    // Rows take columns 1, 0, 2: 1 + 2 + 2 = 5; every other permutation costs more.
    const cost = Float64Array.from([4, 1, 3, 2, 0, 5, 3, 2, 2]);
    expect(Array.from(solveAssignment(cost, 3, 3))).toEqual([1, 0, 2]);
  });

  it('matches brute force on random rectangular matrices, with distinct columns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((rows) =>
          fc.integer({ min: rows, max: 7 }).chain((cols) =>
            fc.array(
              fc.array(fc.integer({ min: -50, max: 50 }), { minLength: cols, maxLength: cols }),
              {
                minLength: rows,
                maxLength: rows,
              },
            ),
          ),
        ),
        (cost) => {
          const rows = cost.length;
          const cols = cost[0]!.length;
          const chosen = solveAssignment(Float64Array.from(cost.flat()), rows, cols);
          expect(new Set(chosen).size).toBe(rows);
          const total = Array.from(chosen).reduce((sum, col, row) => sum + cost[row]![col]!, 0);
          expect(total).toBe(bruteForce(cost, cols));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('refuses more rows than columns', () => {
    expect(() => solveAssignment(new Float64Array(6), 3, 2)).toThrow(/rows <= cols/);
  });
});
