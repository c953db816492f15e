import { MAX_WEIGHT } from '@meridian/domain';

/** A weight field's text as a number: anything that is not a number becomes 0. */
export function toWeight(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

/**
 * What is wrong with a weight field's text, or null: the server refuses a
 * weight below 0 or above MAX_WEIGHT (the cap that keeps coverage dominant).
 */
export function weightProblem(text: string): string | null {
  const value = toWeight(text);
  if (value < 0) return 'Must be 0 or more.';
  if (value > MAX_WEIGHT) return `Must be at most ${MAX_WEIGHT}.`;
  return null;
}
