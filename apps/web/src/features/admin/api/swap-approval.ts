import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SwapApprovalSettingsSchema, type SwapApprovalSettings } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/settings/swap-approval. */
export const getSwapApproval = (signal?: AbortSignal) =>
  apiRequest('/admin/settings/swap-approval', SwapApprovalSettingsSchema, { signal });

export const swapApprovalQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.swapApproval,
    queryFn: ({ signal }) => getSwapApproval(signal),
  });

export const useSwapApproval = () => useQuery(swapApprovalQueryOptions());

/** PUT /api/v1/admin/settings/swap-approval. */
export const updateSwapApproval = (body: SwapApprovalSettings) =>
  apiRequest('/admin/settings/swap-approval', SwapApprovalSettingsSchema, {
    method: 'PUT',
    json: body,
  });

export const useUpdateSwapApproval = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSwapApproval,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.swapApproval, saved),
  });
};
