/**
 * Min-cost flow by successive shortest paths with node potentials (Johnson
 * reweighting), for graphs whose initial arc costs may be negative but which
 * are acyclic in the given node order. That is exactly the kit path cover's
 * shape: the time-ordered DAG lets one topological pass set valid potentials,
 * after which every Dijkstra runs on non-negative reduced costs.
 */
export class MinCostFlow {
  private readonly head: number[];
  private readonly to: number[] = [];
  private readonly next: number[] = [];
  private readonly cap: number[] = [];
  private readonly cost: number[] = [];

  constructor(readonly nodeCount: number) {
    this.head = new Array<number>(nodeCount).fill(-1);
  }

  /** Adds arc u -> v and its residual twin; returns the forward arc's index. */
  addArc(u: number, v: number, capacity: number, cost: number): number {
    const id = this.to.length;
    this.push(u, v, capacity, cost);
    this.push(v, u, 0, -cost);
    return id;
  }

  /** Flow currently on a forward arc. */
  flowOn(arc: number): number {
    return this.cap[arc ^ 1] ?? 0;
  }

  /** Cost of an arc as it was added. */
  arcCost(arc: number): number {
    return this.cost[arc] ?? 0;
  }

  /** Head node of an arc. */
  arcHead(arc: number): number {
    return this.to[arc] ?? -1;
  }

  /**
   * Sends flow from source to sink while the cheapest augmenting path has
   * negative cost (a variable-amount min-cost flow: cost is convex in the
   * amount, so stopping at the first non-negative path is optimal).
   * `topoOrder` must list every node so that each positive-capacity arc goes
   * forward in it; it seeds the potentials with negative costs allowed.
   */
  minimiseCost(source: number, sink: number, topoOrder: readonly number[]): { flow: number } {
    const n = this.nodeCount;
    // Typed copies for the hot loops (the builder's arrays grow, these do not).
    const head = Int32Array.from(this.head);
    const next = Int32Array.from(this.next);
    const to = Int32Array.from(this.to);
    const cost = Float64Array.from(this.cost);
    const cap = Int32Array.from(this.cap);
    const potential = new Float64Array(n).fill(Infinity);
    potential[source] = 0;
    for (const u of topoOrder) {
      const pu = potential[u] ?? Infinity;
      if (pu === Infinity) continue;
      for (let a = head[u] ?? -1; a !== -1; a = next[a] ?? -1) {
        if ((cap[a] ?? 0) <= 0) continue;
        const v = to[a] ?? 0;
        const cand = pu + (cost[a] ?? 0);
        if (cand < (potential[v] ?? Infinity)) potential[v] = cand;
      }
    }
    // Unreachable nodes stay unreachable in the residual graph, so any finite
    // potential keeps their reduced costs harmless.
    for (let v = 0; v < n; v++) if (potential[v] === Infinity) potential[v] = 0;

    let flow = 0;
    const dist = new Float64Array(n);
    const prevArc = new Int32Array(n);
    const heap = new BinaryHeap();
    for (;;) {
      dist.fill(Infinity);
      prevArc.fill(-1);
      dist[source] = 0;
      heap.clear();
      heap.push(source, 0);
      while (heap.size > 0) {
        const [u, du] = heap.pop();
        if (du > (dist[u] ?? Infinity)) continue;
        // Stop at the sink: capping potentials at dist(sink) below keeps them valid.
        if (u === sink) break;
        const pu = potential[u] ?? 0;
        for (let a = head[u] ?? -1; a !== -1; a = next[a] ?? -1) {
          if ((cap[a] ?? 0) <= 0) continue;
          const v = to[a] ?? 0;
          // Clamp tiny negative reduced costs from floating-point drift.
          const reduced = Math.max(0, (cost[a] ?? 0) + pu - (potential[v] ?? 0));
          const cand = du + reduced;
          if (cand < (dist[v] ?? Infinity) - 1e-12) {
            dist[v] = cand;
            prevArc[v] = a;
            heap.push(v, cand);
          }
        }
      }
      const dt = dist[sink] ?? Infinity;
      if (dt === Infinity) break;
      const trueCost = dt - (potential[source] ?? 0) + (potential[sink] ?? 0);
      if (trueCost >= -1e-9) break;
      for (let v = 0; v < n; v++) {
        potential[v] = (potential[v] ?? 0) + Math.min(dist[v] ?? Infinity, dt);
      }
      let push = Infinity;
      for (let v = sink; v !== source;) {
        const a = prevArc[v] ?? -1;
        push = Math.min(push, cap[a] ?? 0);
        v = to[a ^ 1] ?? source;
      }
      for (let v = sink; v !== source;) {
        const a = prevArc[v] ?? -1;
        cap[a] = (cap[a] ?? 0) - push;
        cap[a ^ 1] = (cap[a ^ 1] ?? 0) + push;
        v = to[a ^ 1] ?? source;
      }
      flow += push;
    }
    for (let a = 0; a < cap.length; a++) this.cap[a] = cap[a] ?? 0;
    return { flow };
  }

  /** Forward arcs leaving u that carry flow. */
  *usedArcsFrom(u: number): Generator<number> {
    for (let a = this.head[u] ?? -1; a !== -1; a = this.next[a] ?? -1) {
      if (a % 2 === 0 && this.flowOn(a) > 0) yield a;
    }
  }

  private push(u: number, v: number, capacity: number, cost: number): void {
    this.to.push(v);
    this.cap.push(capacity);
    this.cost.push(cost);
    this.next.push(this.head[u] ?? -1);
    this.head[u] = this.to.length - 1;
  }
}

/** A binary min-heap of (node, key) pairs with lazy deletion. */
class BinaryHeap {
  private nodes: number[] = [];
  private keys: number[] = [];

  get size(): number {
    return this.nodes.length;
  }

  clear(): void {
    this.nodes = [];
    this.keys = [];
  }

  push(node: number, key: number): void {
    const { nodes, keys } = this;
    let i = nodes.length;
    nodes.push(node);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((keys[parent] ?? 0) <= key) break;
      nodes[i] = nodes[parent] ?? 0;
      keys[i] = keys[parent] ?? 0;
      i = parent;
    }
    nodes[i] = node;
    keys[i] = key;
  }

  pop(): [number, number] {
    const { nodes, keys } = this;
    const top: [number, number] = [nodes[0] ?? 0, keys[0] ?? 0];
    const lastNode = nodes.pop() ?? 0;
    const lastKey = keys.pop() ?? 0;
    const n = nodes.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && (keys[r] ?? 0) < (keys[l] ?? 0) ? r : l;
        if ((keys[c] ?? 0) >= lastKey) break;
        nodes[i] = nodes[c] ?? 0;
        keys[i] = keys[c] ?? 0;
        i = c;
      }
      nodes[i] = lastNode;
      keys[i] = lastKey;
    }
    return top;
  }
}
