import type { Clock } from '../../src/core/context';

/**
 * A run clock (RunSetup.now) that moves `stepMs` per reading and never on its
 * own: where a time limit or a phase's share of it stops a run depends on how
 * many times the run read the clock, not on the machine's speed or load.
 * `onRead(n)` sees each reading's number (from 1), e.g. to cancel at one.
 */
export function countingClock(
  stepMs: number,
  onRead?: (reading: number) => void,
): Clock & { readonly readings: number } {
  let readings = 0;
  const clock = () => {
    readings++;
    onRead?.(readings);
    return readings * stepMs;
  };
  return Object.defineProperty(clock, 'readings', { get: () => readings }) as Clock & {
    readonly readings: number;
  };
}
