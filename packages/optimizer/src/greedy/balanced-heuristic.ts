import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { Algorithm } from '../core/context';
import { constructionStart } from '../core/current-plan';
import type { SolutionState } from '../core/solution';
import { greedyThenChains } from './greedy-then-chains';

/**
 * Greedy on the full objective delta, hardest slots first. At each step the
 * open slot with the fewest free candidates goes next (ties: the largest
 * regret, the gap between its best and second-best distance), and it takes
 * the candidate with the least delta of F (miles + balance + rotation).
 * A min-heap with lazy deletion keeps each step O(log S).
 * Counts of free candidates are kept up to date as physicists get busy. It
 * starts from the current plan, when there is one, and fills what is empty.
 */
export function balancedGreedy(c: CompiledInstance): SolutionState {
  const state = constructionStart(c);
  const P = c.physicistCount;
  const freeCount = new Int32Array(2 * c.jobCount);
  const regret = new Float64Array(2 * c.jobCount);
  // Min-heap on (free candidates, -regret) with lazy deletion: stale entries are skipped.
  const heap = new SlotHeap(
    (a, b) => a.count - b.count || regret[b.slot]! - regret[a.slot]! || a.slot - b.slot,
  );
  for (const slot of c.openSlots) {
    if (state.assign[slot]! >= 0) continue;
    const list = slotCandidates(c, slot);
    let free = 0;
    for (const p of list) if (state.isFree(p, slot >> 1)) free++;
    freeCount[slot] = free;
    const j = slot >> 1;
    regret[slot] =
      list.length > 1 ? c.distance[j * P + list[1]!]! - c.distance[j * P + list[0]!]! : Infinity;
    heap.push({ slot, count: free });
  }
  const done = new Uint8Array(2 * c.jobCount);
  const isOpen = new Uint8Array(2 * c.jobCount);
  for (const slot of c.openSlots) if (state.assign[slot]! < 0) isOpen[slot] = 1;
  for (let entry = heap.pop(); entry; entry = heap.pop()) {
    const slot = entry.slot;
    if (done[slot] || entry.count !== freeCount[slot]) continue;
    done[slot] = 1;
    const job = slot >> 1;
    let best = -1;
    let bestDelta = Infinity;
    for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
      const p = c.candidates[k]!;
      if (!state.isFree(p, job)) continue;
      const delta = state.addCost(slot, p);
      if (delta < bestDelta) {
        bestDelta = delta;
        best = p;
      }
    }
    if (best < 0) continue;
    // `best` gets busy on job's days: slots of overlapping jobs where it was free lose a candidate.
    const role = slot & 1;
    const losing: number[] = [];
    for (let k = c.overlapStart[job]!; k < c.overlapStart[job + 1]!; k++) {
      const other = 2 * c.overlaps[k]! + role;
      if (
        isOpen[other] &&
        !done[other] &&
        c.eligible[(other >> 1) * P + best] &&
        state.isFree(best, other >> 1)
      )
        losing.push(other);
    }
    state.move(slot, best);
    for (const other of losing) heap.push({ slot: other, count: --freeCount[other]! });
  }
  return state;
}

interface HeapEntry {
  slot: number;
  count: number;
}

/** A binary min-heap of slot entries. */
class SlotHeap {
  private readonly items: HeapEntry[] = [];
  constructor(private readonly less: (a: HeapEntry, b: HeapEntry) => number) {}

  push(entry: HeapEntry): void {
    const items = this.items;
    items.push(entry);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (this.less(items[i]!, items[parent]!) >= 0) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): HeapEntry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.less(items[l]!, items[m]!) < 0) m = l;
        if (r < items.length && this.less(items[r]!, items[m]!) < 0) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}

/** `balanced_heuristic`: the balanced greedy, then ejection chains for any slot it left empty. */
export const balancedHeuristic: Algorithm = greedyThenChains('balanced_heuristic', balancedGreedy);
