// Public surface of the optimizer package.
export type * from './contract';
export { solve } from './core/solve';
export { solveInProcess } from './core/solve-in-process';
export { ALGORITHM_REGISTRY } from './registry';
export { compileInstance, slotCandidates, jobOverlaps } from './core/compile';
export type { CompiledInstance } from './core/compile';
export { SolutionState } from './core/solution';
export { AlgorithmContext } from './core/context';
export type { Algorithm, AlgorithmOutcome, RunOptions } from './core/context';
export { SolveWorker } from './core/worker-runner';
export { Rng } from './core/rng';
export { InstanceError, validateInstance } from './core/validate';
