import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobRecordSchema, type ManualAssignmentRequest } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { replaceJobInCache } from './job-cache';

/**
 * POST /api/v1/assignments/manual: pins (or clears, with null) a lead or
 * data_acq physicist. Used by the /schedule dropdowns and the timeline's drag.
 * Parsed as a full record so the cached job keeps its pinned flags.
 */
export const assignPhysicist = (body: ManualAssignmentRequest) =>
  apiRequest('/assignments/manual', JobRecordSchema, { method: 'POST', json: body });

export const useAssignPhysicist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPhysicist,
    onSuccess: (job) => replaceJobInCache(queryClient, job),
  });
};

/** The success toast of a manual assignment: it is locked, which changes what a run may do. */
export const manualAssignmentToast = (
  jobId: number,
  slot: 'lead' | 'data_acq',
  name: string | null,
): string =>
  `${name ?? 'The physicist'} assigned as ${slot === 'lead' ? 'lead' : 'data acquisition'} of job ${jobId} and locked: optimisation keeps this choice until it is unlocked.`;
