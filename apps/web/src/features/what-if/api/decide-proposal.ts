import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProposalSchema } from '@meridian/contracts';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { invalidateScheduling, queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/proposals/{id}/apply (409 when the plan changed since). */
export const applyProposal = (id: number) =>
  apiRequest(`/proposals/${id}/apply`, ProposalSchema, { method: 'POST' });

/** DELETE /api/v1/proposals/{id}. */
export const discardProposal = (id: number) => apiSend(`/proposals/${id}`, { method: 'DELETE' });

/** Applies a proposal; the plan's lists and analytics reload. */
export const useApplyProposal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyProposal,
    onSuccess: async (proposal) => {
      queryClient.setQueryData(queryKeys.proposal(proposal.id), proposal);
      await queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
      await invalidateScheduling(queryClient, 'jobs', 'assignments');
    },
  });
};

/** Discards a proposal. */
export const useDiscardProposal = () => useMutation({ mutationFn: discardProposal });
