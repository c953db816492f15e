import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { JobRecordSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { invalidateScheduling } from '../query-keys';
import { replaceJobInCache } from './job-cache';

/** POST /api/v1/kits/manual_override: pins (or clears, with null) a job's kit (answered as a full record, pinned flags included). */
export const overrideKit = (body: { job_id: number; kit_id: number | null }) =>
  apiRequest('/kits/manual_override', JobRecordSchema, { method: 'POST', json: body });

/**
 * Used by /schedule and the kit editors' dropdown on /assignments. The answer
 * replaces the job at once; the lists are then refetched because a kit's
 * route changed, and with it the derived kit_location of its later jobs.
 * (A factory of the options, so a test can run it on a plain QueryClient.)
 */
export const overrideKitMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: overrideKit,
    onSuccess: async (job) => {
      replaceJobInCache(queryClient, job);
      await invalidateScheduling(queryClient, 'jobs', 'assignments');
    },
  });

export const useOverrideKit = () => useMutation(overrideKitMutation(useQueryClient()));
