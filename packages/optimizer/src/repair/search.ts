import { preferenceWeight, type Weights } from '@meridian/domain';
import type { RepairModel } from './model';

/** The order repairs are ranked by: unfilled, locked broken, changed, then F's non-coverage part (with P). */
export interface RepairKey {
  unfilled: number;
  locked: number;
  changes: number;
  cost: number;
}

/** What the search found: the final holder of every slot and the key it reached. */
export interface SearchOutcome {
  holders: Int32Array;
  key: RepairKey;
  exact: boolean;
  nodes: number;
}

const COST_TOLERANCE = 1e-9;

/**
 * Depth-first branch and bound over repairs. Open slots are the ones the
 * absence takes away plus the ones a move empties: a physicist (kit) moved
 * into an open slot leaves every overlapping slot they held, which opens in
 * turn (a chain). Each open slot is filled by someone free in the supposed
 * world or left empty; a slot is decided once, so a chain never loops. Every
 * change of a smallest repair lies on such a chain (a change that did not
 * would be undone by giving the slot back to its holder), so the search,
 * when it finishes, has seen every candidate for the smallest repair.
 */
export class RepairSearch {
  private readonly holder: Int32Array;
  private readonly decided: Uint8Array;
  private readonly open: number[] = [];
  private readonly held: number[][];
  private readonly load: Float64Array;
  private readonly visits = new Map<number, number>();
  private distance = 0;
  private avoided = 0;
  private balance = 0;
  private rotation = 0;
  private unfilled = 0;
  private locked = 0;
  private changes = 0;
  private nodes = 0;
  private stopped = false;
  private best: { holders: Int32Array; key: RepairKey } | null = null;

  constructor(
    private readonly model: RepairModel,
    private readonly weights: Weights,
    private readonly maxNodes: number,
  ) {
    const resources = model.resourceIds.length;
    this.holder = Int32Array.from(model.slots, (s) => s.original);
    this.decided = new Uint8Array(model.slots.length);
    this.held = Array.from({ length: resources }, () => []);
    this.load = new Float64Array(model.physicistCount);
    // With no load, each physicist's balance term is |0 - t| = t; step() keeps it current from here.
    for (const t of model.targets) this.balance += t;
    model.slots.forEach((slot, index) => {
      if (slot.original < 0) return;
      this.held[slot.original]!.push(index);
      this.add(slot.original, index);
    });
  }

  /** Runs the search from the forced slots. */
  run(): SearchOutcome {
    for (const slot of this.model.forced) this.openSlot(slot);
    this.dfs();
    const best = this.best!;
    return { holders: best.holders, key: best.key, exact: !this.stopped, nodes: this.nodes };
  }

  private dfs(): void {
    if (this.stopped) return;
    if (++this.nodes > this.maxNodes) {
      this.stopped = true;
      return;
    }
    if (this.best && this.boundWorse(this.best.key)) return;
    const slot = this.open.pop();
    if (slot === undefined) return this.leaf();
    this.decided[slot] = 1;
    for (const { resource, conflicts } of this.candidates(slot)) {
      this.fill(slot, resource, conflicts);
      this.dfs();
      this.unfill(slot, resource, conflicts);
      if (this.stopped) break;
    }
    if (!this.stopped) {
      this.unfilled++;
      this.dfs();
      this.unfilled--;
    }
    this.decided[slot] = 0;
    this.open.push(slot);
  }

  /** Who may take the slot and which of their slots they would leave, cheapest first. */
  private candidates(slot: number): { resource: number; conflicts: number[]; order: number }[] {
    const { slots, jobStart, jobEnd } = this.model;
    const job = slots[slot]!.job;
    const list: { resource: number; conflicts: number[]; order: number }[] = [];
    for (const resource of slots[slot]!.pool) {
      const conflicts: number[] = [];
      let blocked = false;
      for (const other of this.held[resource]!) {
        const o = slots[other]!.job;
        if (jobStart[o]! > jobEnd[job]! || jobStart[job]! > jobEnd[o]!) continue;
        // A decided slot stays; a frozen one (the past) is a fact nobody is moved off.
        if (this.decided[other] || slots[other]!.frozen) blocked = true;
        conflicts.push(other);
      }
      if (blocked) continue;
      const lockedCount = conflicts.filter((c) => slots[c]!.pinned).length;
      const order = (lockedCount * 1000 + conflicts.length) * 1e12 + this.addCost(resource, slot);
      list.push({ resource, conflicts, order });
    }
    return list.sort((a, b) => a.order - b.order || a.resource - b.resource);
  }

  private fill(slot: number, resource: number, conflicts: number[]): void {
    for (const c of conflicts) this.openSlot(c);
    this.holder[slot] = resource;
    this.held[resource]!.push(slot);
    this.add(resource, slot);
  }

  private unfill(slot: number, resource: number, conflicts: number[]): void {
    this.remove(resource, slot);
    // Deeper levels may have reordered the list (a slot taken and given back goes to its end).
    const list = this.held[resource]!;
    list.splice(list.indexOf(slot), 1);
    this.holder[slot] = -1;
    for (let i = conflicts.length - 1; i >= 0; i--) this.closeSlot(conflicts[i]!, resource);
  }

  /** Takes a slot from its holder: it will be decided later, and it counts as a change now. */
  private openSlot(slot: number): void {
    const resource = this.holder[slot]!;
    const list = this.held[resource]!;
    list.splice(list.indexOf(slot), 1);
    this.remove(resource, slot);
    this.holder[slot] = -1;
    this.open.push(slot);
    this.changes++;
    if (this.model.slots[slot]!.pinned) this.locked++;
  }

  private closeSlot(slot: number, resource: number): void {
    this.open.splice(this.open.lastIndexOf(slot), 1);
    this.changes--;
    if (this.model.slots[slot]!.pinned) this.locked--;
    this.holder[slot] = resource;
    this.held[resource]!.push(slot);
    this.add(resource, slot);
  }

  private leaf(): void {
    const key: RepairKey = {
      unfilled: this.unfilled,
      locked: this.locked,
      changes: this.changes,
      cost: this.cost(),
    };
    if (!this.best || compareKeys(key, this.best.key) < 0) {
      this.best = { holders: Int32Array.from(this.holder), key };
    }
  }

  /** Whether every completion of this node is worse than `best` (open slots will all change). */
  private boundWorse(best: RepairKey): boolean {
    // An open slot nobody may take in the supposed world will stay empty.
    let unfilled = this.unfilled;
    for (const slot of this.open) if (this.model.slots[slot]!.pool.length === 0) unfilled++;
    if (unfilled !== best.unfilled) return unfilled > best.unfilled;
    if (this.locked !== best.locked) return this.locked > best.locked;
    return this.changes > best.changes;
  }

  private cost(): number {
    const w = this.weights;
    return (
      (w.proximity * this.distance) / 100 +
      w.job_balance * this.balance +
      w.staff_rotation * this.rotation +
      preferenceWeight(w) * this.avoided
    );
  }

  /** F's change (without coverage) if `resource` took `slot` now; 0 for kits, which F does not see. */
  private addCost(resource: number, slot: number): number {
    if (resource >= this.model.physicistCount) return 0;
    const m = this.model;
    const job = m.slots[slot]!.job;
    const n = this.load[resource]!;
    const t = m.targets[resource]!;
    const repeat = (this.visits.get(this.visitKey(resource, job)) ?? 0) > 0 ? 1 : 0;
    const at = resource * m.jobStart.length + job;
    return (
      (this.weights.proximity * m.miles[at]!) / 100 +
      this.weights.job_balance * (Math.abs(n + 1 - t) - Math.abs(n - t)) +
      this.weights.staff_rotation * repeat +
      (m.avoided ? preferenceWeight(this.weights) * m.avoided[at]! : 0)
    );
  }

  private visitKey(resource: number, job: number): number {
    return resource * this.model.customerCount + this.model.jobCustomer[job]!;
  }

  private add(resource: number, slot: number): void {
    this.step(resource, slot, 1);
  }

  private remove(resource: number, slot: number): void {
    this.step(resource, slot, -1);
  }

  /** Keeps F's miles, balance and rotation sums current as a physicist gains (+1) or loses (-1) a slot. */
  private step(resource: number, slot: number, sign: 1 | -1): void {
    const m = this.model;
    if (resource >= m.physicistCount) return;
    const job = m.slots[slot]!.job;
    this.distance += sign * m.miles[resource * m.jobStart.length + job]!;
    if (m.avoided) this.avoided += sign * m.avoided[resource * m.jobStart.length + job]!;
    const n = this.load[resource]!;
    const t = m.targets[resource]!;
    this.balance += Math.abs(n + sign - t) - Math.abs(n - t);
    this.load[resource] = n + sign;
    const key = this.visitKey(resource, job);
    const before = this.visits.get(key) ?? 0;
    const after = before + sign;
    this.rotation += Math.max(0, after - 1) - Math.max(0, before - 1);
    this.visits.set(key, after);
  }
}

/** Lexicographic order of repair keys; costs closer than a rounding error tie. */
export function compareKeys(a: RepairKey, b: RepairKey): number {
  if (a.unfilled !== b.unfilled) return a.unfilled - b.unfilled;
  if (a.locked !== b.locked) return a.locked - b.locked;
  if (a.changes !== b.changes) return a.changes - b.changes;
  const scale = Math.max(1, Math.abs(a.cost), Math.abs(b.cost));
  return Math.abs(a.cost - b.cost) <= COST_TOLERANCE * scale ? 0 : a.cost - b.cost;
}
