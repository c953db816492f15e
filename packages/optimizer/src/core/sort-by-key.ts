/** Runs of this length are insertion-sorted before they are merged. */
const RUN = 16;

/**
 * Sorts `items` (indices, ascending on entry) by `key[offset + i]`, stably,
 * so ties stay in index order: insertion-sorted runs merged bottom-up
 * through `scratch` (at least as long as `items`). Returns the sorted array,
 * which is `items` or `scratch`. No comparator function, which a solve's
 * cold code calls slowly: compileCandidates at 4,000 x 160 took 125 ms of
 * CPU with a comparator sort per slot, 55 ms with this (one sort per job);
 * it now sorts once per job location.
 */
export function sortByKey(
  items: Int32Array,
  key: Float64Array,
  offset: number,
  scratch: Int32Array,
): Int32Array {
  const n = items.length;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(n, lo + RUN);
    for (let i = lo + 1; i < hi; i++) {
      const p = items[i]!;
      const d = key[offset + p]!;
      let k = i - 1;
      while (k >= lo && key[offset + items[k]!]! > d) {
        items[k + 1] = items[k]!;
        k--;
      }
      items[k + 1] = p;
    }
  }
  let from = items;
  let to = scratch;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let a = lo;
      let b = mid;
      let out = lo;
      // Take from the left run on ties: stable.
      while (a < mid && b < hi)
        to[out++] = key[offset + from[b]!]! < key[offset + from[a]!]! ? from[b++]! : from[a++]!;
      while (a < mid) to[out++] = from[a++]!;
      while (b < hi) to[out++] = from[b++]!;
    }
    [from, to] = [to, from];
  }
  return from;
}
