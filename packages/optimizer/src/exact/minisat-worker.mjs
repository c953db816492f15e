// MiniSat thread of cp_sat (plain JavaScript, so that Node loads it without a
// TypeScript loader, like highs-worker.mjs). A MiniSat call cannot be
// interrupted, so it runs here and the parent terminates this thread when the
// run's deadline or a cancel arrives; every improvement is posted as soon as
// it is found, so the parent keeps the best so far.
//
// Each message is one window (cp-sat-encode.ts's NeighbourhoodEncoding plus
// the incumbent's true variables). The window is minimised lexicographically,
// as the MILP: first the number of empty slots, then the rest of F, each by
// logic-solver's descent (try a sum of 0, then demand ever lower sums until
// MiniSat finds none, which proves the optimum).
import { parentPort } from 'node:worker_threads';
import Logic from 'logic-solver';

const port = parentPort;

/** "At least m of names are true" as a formula. */
function atLeast(names, m) {
  if (m === 1) return Logic.or(names);
  return Logic.greaterThanOrEqual(Logic.sum(names), Logic.constantBits(m));
}

/**
 * Minimises sum(weights * terms) from `solution`; posts each improvement;
 * leaves the optimum required, or (`within` given) any sum up to the optimum
 * plus `within`. Returns the solution and its sum.
 */
function minimize(solver, solution, terms, weights, post, within) {
  let cost = solution.getWeightedSum(terms, weights);
  const nonZero = terms.filter((_, i) => (typeof weights === 'number' ? weights : weights[i]) > 0);
  if (cost > 0) {
    const zero = solver.solveAssuming(Logic.not(Logic.or(nonZero)));
    if (zero) {
      solution = zero;
      cost = 0;
      post(solution);
    }
  }
  const sum = Logic.weightedSum(terms, weights);
  while (cost > 0) {
    const lower = Logic.lessThan(sum, Logic.constantBits(cost));
    const next = solver.solveAssuming(lower);
    if (!next) break;
    solver.require(lower);
    solution = next;
    cost = solution.getWeightedSum(terms, weights);
    post(solution);
  }
  if (within !== undefined)
    solver.require(Logic.lessThanOrEqual(sum, Logic.constantBits(cost + within)));
  else if (cost === 0) solver.forbid(nonZero);
  else solver.require(Logic.equalBits(sum, Logic.constantBits(cost)));
  return solution;
}

/** Most solutions listed for a band: past this the window is not proven (the parent says so). */
const BAND_CAP = 5000;

/** Every assignment of the window's variables that the solver still allows, or null past BAND_CAP. */
function listAll(solver, names) {
  const found = [];
  for (;;) {
    const s = solver.solve();
    if (!s) return found;
    if (found.length >= BAND_CAP) return null;
    found.push(names.filter((n) => s.evaluate(n)));
    solver.forbid(Logic.and(names.map((n) => (s.evaluate(n) ? n : Logic.not(n)))));
  }
}

function solveWindow({ id, encoding, incumbent }) {
  const solver = new Logic.Solver();
  for (const v of encoding.vars) solver.getVarNum(v.name);
  for (const group of encoding.atMostOne) solver.require(Logic.atMostOne(group));
  // Start from the incumbent's own assignment of the window (always feasible).
  const chosen = new Set(incumbent);
  const held = encoding.vars.filter((v) => chosen.has(v.name)).map((v) => v.name);
  const others = encoding.vars.filter((v) => !chosen.has(v.name)).map((v) => Logic.not(v.name));
  let solution = solver.solveAssuming(Logic.and(held, others)) ?? solver.solve();
  if (!solution) return port.postMessage({ id, type: 'done', trueVars: null });
  const post = (s) => port.postMessage({ id, type: 'improved', trueVars: s.getTrueVars() });
  const empty = encoding.slots.map((names) => Logic.not(Logic.or(names)));
  solution = minimize(solver, solution, empty, 1, post);
  const terms = encoding.costs.map((t) =>
    t.weight > 0 ? atLeast(t.names, t.atLeast) : Logic.not(atLeast(t.names, t.atLeast)),
  );
  const weights = encoding.costs.map((t) => Math.abs(t.weight));
  solution = minimize(solver, solution, terms, weights, post, encoding.band);
  // Rounded costs can rank two solutions apart by less than their rounding: with a band, every
  // solution within it of the integer optimum is listed, so the parent can rank them by exact F.
  const band =
    encoding.band === undefined
      ? undefined
      : listAll(
          solver,
          encoding.vars.map((v) => v.name),
        );
  // Clauses the solver holds at the end: the constraints, the objectives' adders and bounds.
  const clauses = solver.clauses.length;
  port.postMessage({ id, type: 'done', trueVars: solution.getTrueVars(), band, clauses });
}

port.on('message', (message) => {
  try {
    solveWindow(message);
  } catch (error) {
    port.postMessage({ id: message.id, type: 'error', message: String(error?.message ?? error) });
  }
});
port.postMessage({ type: 'ready' });
