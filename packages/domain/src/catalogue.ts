import { z } from 'zod';

/** Every optimisation algorithm key of the spec's catalogue, with its label and group. */
export const ALGORITHMS = [
  { key: 'portfolio', label: 'Portfolio, Parallel Best', group: 'Recommended' },
  { key: 'balanced_heuristic', label: 'Balanced Heuristic', group: 'Recommended' },
  { key: 'heuristic', label: 'Simple, Fast', group: 'Recommended' },
  { key: 'ils', label: 'Iterated Local Search', group: 'Advanced Heuristics' },
  { key: 'alns', label: 'Adaptive Large Neighbourhood Search', group: 'Advanced Heuristics' },
  { key: 'ts', label: 'Tabu Search', group: 'Advanced Heuristics' },
  { key: 'ga', label: 'Genetic Algorithm', group: 'Advanced Heuristics' },
  { key: 'aco', label: 'Ant Colony Optimisation', group: 'Advanced Heuristics' },
  { key: 'mcmc_sa', label: 'Simulated Annealing (MCMC)', group: 'Advanced Heuristics' },
  { key: 'monte_carlo', label: 'Monte Carlo Sampling', group: 'Advanced Heuristics' },
  { key: 'milp', label: 'Mixed-Integer Programming (HiGHS)', group: 'Exact Solvers' },
  { key: 'cp_sat', label: 'Constraint Programming (SAT)', group: 'Exact Solvers' },
  { key: 'predict_then_optimize', label: 'Predict, then Optimise', group: 'Meta & Hybrid' },
  { key: 'ml_predictive', label: 'ML Predictive Scoring', group: 'Meta & Hybrid' },
  { key: 'offline_rl', label: 'Offline Reinforcement Learning', group: 'Experimental' },
  { key: 'drl', label: 'Deep Reinforcement Learning', group: 'Experimental' },
] as const;

/**
 * What a key's label leaves out, shown as its tooltip in the algorithm menus.
 * The labels stay as they are (the spec names these keys, not new labels):
 * cp_sat is our own solver in CP-SAT's manner, not Google's CP-SAT, and every
 * learned key's construction is followed by an Iterated Local Search polish
 * for the rest of the time limit (optimizer: learned/improve.ts;
 * docs/optimization.md, the catalogue).
 */
export const ALGORITHM_DESCRIPTIONS: Readonly<Partial<Record<AlgorithmKey, string>>> = {
  cp_sat: 'CP-SAT style: our clause-learning solver with neighbourhood search',
  predict_then_optimize:
    'Learned predictions pick which jobs HiGHS re-solves; an Iterated Local Search polish follows the construction',
  ml_predictive:
    'A scoring model learned from a teacher builds the plan; an Iterated Local Search polish follows the construction',
  offline_rl:
    'A policy learned from logged runs builds the plan; an Iterated Local Search polish follows the construction',
  drl: 'A neural policy trained by reinforcement builds the plan (the simple heuristic when it does not beat its baseline); an Iterated Local Search polish follows the construction',
};

export const AlgorithmKeySchema = z.enum(
  ALGORITHMS.map((a) => a.key) as [AlgorithmKey, ...AlgorithmKey[]],
);
export type AlgorithmKey = (typeof ALGORITHMS)[number]['key'];

export const DEFAULT_ASSIGNMENT_ALGORITHM: AlgorithmKey = 'portfolio';
export const DEFAULT_ANALYTICS_ALGORITHM: AlgorithmKey = 'balanced_heuristic';

export const isAlgorithmKey = (value: string): value is AlgorithmKey =>
  ALGORITHMS.some((a) => a.key === value);
