/** A weight field's text as a number: anything that is not a number becomes 0 (spec section 5). */
export function toWeight(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}
