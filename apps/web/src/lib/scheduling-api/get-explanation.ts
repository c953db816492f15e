import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssignmentExplanationSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/assignments/{job_id}/explain: each slot's terms of F, alternatives and refusals. */
export const getExplanation = (jobId: number, signal?: AbortSignal) =>
  apiRequest(`/assignments/${jobId}/explain`, AssignmentExplanationSchema, { signal });

export const explanationQueryOptions = (jobId: number) =>
  queryOptions({
    queryKey: queryKeys.explanation(jobId),
    queryFn: ({ signal }) => getExplanation(jobId, signal),
  });

/** The explanation of one job, fetched only while `jobId` is not null (the dialog is open). */
export const useExplanation = (jobId: number | null) =>
  useQuery({ ...explanationQueryOptions(jobId ?? 0), enabled: jobId !== null });
