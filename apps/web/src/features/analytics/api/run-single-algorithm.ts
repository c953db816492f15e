import { useMutation } from '@tanstack/react-query';
import { RunSingleResponseSchema } from '@meridian/contracts';
import type { AlgorithmKey } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/analytics/run_single_algorithm: a what-if run; nothing is stored. */
export const runSingleAlgorithm = (algorithm: AlgorithmKey) =>
  apiRequest('/analytics/run_single_algorithm', RunSingleResponseSchema, {
    method: 'POST',
    json: { algorithm },
  });

export const useRunSingleAlgorithm = () => useMutation({ mutationFn: runSingleAlgorithm });
