import type { AlgorithmContext } from '../core/context';
import type { SolutionState } from '../core/solution';

/**
 * The acceptance step `ils` and `aco` share: after each step on `current`
 * (a kick and descent, or an ant), keep it when F rose by less than the
 * threshold over the current solution, else undo it (the state records its
 * changes since the last checkpoint, so nothing is copied); offer the result
 * as the run's best; and after `restartAfter` steps without a new best go
 * back to the best so far.
 */
export class ThresholdWalk {
  /** F of the current (last accepted) solution. */
  total: number;
  accepted = 0;
  restarts = 0;
  private sinceBest = 0;

  constructor(
    private readonly ctx: AlgorithmContext,
    private readonly current: SolutionState,
    private readonly foundBy: string,
    private readonly restartAfter: number,
  ) {
    current.checkpoint();
    this.total = current.total;
  }

  /** Accepts or undoes the step just taken on the current solution, offers it, restarts when stuck. */
  settle(threshold: number): void {
    const { ctx, current } = this;
    if (current.total < this.total + threshold) {
      current.checkpoint();
      this.total = current.total;
      this.accepted++;
    } else current.rollback();
    if (ctx.offer(current, this.foundBy)) this.sinceBest = 0;
    else if (++this.sinceBest >= this.restartAfter) {
      current.copyFrom(ctx.best);
      current.checkpoint();
      this.total = current.total;
      this.sinceBest = 0;
      this.restarts++;
    }
  }
}
