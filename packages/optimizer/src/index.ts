// Public surface of the optimizer package.
export type * from './core/contract';
export { solve } from './runtime/solve';
export { solveInProcess } from './runtime/solve-in-process';
export { ALGORITHM_REGISTRY } from './registry/algorithm-registry';
export { compileInstance, slotCandidates, jobOverlaps } from './core/compile';
export type { CompiledInstance } from './core/compile';
export { SolutionState } from './core/solution';
export { AlgorithmContext } from './core/context';
export type { Algorithm, AlgorithmOutcome, AlgorithmThread, RunOptions } from './core/context';
export { SolveWorker } from './runtime/worker-runner';
export {
  BUILT_WORKERS,
  OptimizerBuildMissingError,
  builtWorkerUrl,
  checkOptimizerBuild,
} from './core/built-workers';
export type { BuiltWorker } from './core/built-workers';
export { Rng } from './core/rng';
export { InstanceError, validateInstance } from './core/validate';
export { planRepair } from './repair/repair';
export { planChanges } from './repair/diff';
export { RepairInputError, supposedInstance } from './repair/model';
export type * from './repair/types';
