import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProposalSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/proposals/{id}. */
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
