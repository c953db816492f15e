import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppliedProposalSchema, ProposalSchema } from '@meridian/contracts';
import { apiRequest, apiSend } from '../api-client';
import { invalidateScheduling, queryKeys } from '../query-keys';

/** GET /api/v1/proposals/{id}: a what-if's or preview run's proposal. */
export const getProposal = (id: number, signal?: AbortSignal) =>
  apiRequest(`/proposals/${id}`, ProposalSchema, { signal });

export const proposalQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.proposal(id),
    queryFn: ({ signal }) => getProposal(id, signal),
  });

/** The proposal, once its id is known. */
export const useProposal = (id: number | null) =>
  useQuery({ ...proposalQueryOptions(id ?? 0), enabled: id !== null });

/** POST /api/v1/proposals/{id}/apply (409 when the plan changed since); says what it recorded. */
export const applyProposal = (id: number) =>
  apiRequest(`/proposals/${id}/apply`, AppliedProposalSchema, { method: 'POST' });

/** DELETE /api/v1/proposals/{id}. */
export const discardProposal = (id: number) => apiSend(`/proposals/${id}`, { method: 'DELETE' });

/** Applies a proposal; the plan's lists, leave and analytics reload. */
export const useApplyProposal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyProposal,
    onSuccess: async (applied) => {
      queryClient.setQueryData(queryKeys.proposal(applied.id), applied);
      await queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
      await invalidateScheduling(queryClient, 'jobs', 'assignments', 'availability');
    },
  });
};

/** Discards a proposal. */
export const useDiscardProposal = () => useMutation({ mutationFn: discardProposal });
