// Public surface of the optimizer package (`@meridian/optimizer`): what the
// api and other workspaces may use. Kit assignment has its own entry point,
// `@meridian/optimizer/kits` (src/kits/path-cover.ts), so the api's kit
// thread loads only that; the worker threads are `@meridian/optimizer/workers/*`
// (files of the build). package.json's `exports` lists exactly these, and
// meridian/import-boundaries (eslint.config.js) refuses any other path into the
// package from outside it. Tests, benches and programs of this package import
// its internals by relative path.
export type * from './core/contract';
export { solve } from './runtime/solve';
export { ALGORITHM_REGISTRY } from './registry/algorithm-registry';
export { InstanceError } from './core/validate';
export { OptimizerBuildMissingError, checkOptimizerBuild } from './core/built-workers';
export { planRepair } from './repair/repair';
export { planChanges } from './repair/diff';
export { RepairInputError } from './repair/model';
export type * from './repair/types';
