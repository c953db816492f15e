import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Weights } from '@meridian/domain';
import { WeightsBodySchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/v1/admin/settings/weights. */
export const updateWeights = (body: Weights) =>
  apiRequest('/admin/settings/weights', WeightsBodySchema, { method: 'PUT', json: body });

export const useUpdateWeights = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWeights,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.weights, saved),
  });
};
