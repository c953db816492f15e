import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { reloadJobs } from './job-cache';

/** POST /api/v1/analyze/: recomputes derived fields and the candidate lists of every job. */
export const analyze = () => apiRequest('/analyze/', MessageSchema, { method: 'POST' });

export const useAnalyze = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: analyze, onSuccess: () => reloadJobs(queryClient) });
};
