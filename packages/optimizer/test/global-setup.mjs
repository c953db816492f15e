// Builds packages/optimizer/dist before a test run when it is missing or older
// than its sources: solve() and the exact solvers start their worker threads
// from the build, and the CLI tests run the built programs. About a second
// when it builds; nothing when the build is fresh.
import { buildState } from '../scripts/build-state.mjs';
import { buildOptimizer } from '../scripts/build.mjs';

export default async function setup() {
  if (buildState().state !== 'fresh') await buildOptimizer();
}
