import type { Algorithm } from '../core/context';
import { nearestFeasibleGreedy } from '../construct/nearest-feasible';
import { greedyThenChains } from './greedy-then-chains';

/**
 * `heuristic`: greedy in date order, nearest feasible physicist for each slot,
 * then ejection chains for the slots the greedy order left empty.
 */
export const heuristic: Algorithm = greedyThenChains('heuristic', nearestFeasibleGreedy);
