import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiSend } from '../../../lib/api-client';
import { invalidateScheduling } from '../../../lib/query-keys';

/** DELETE /api/v1/physicists/{id}: also empties their slots on every job and deletes their leave. */
export const deletePhysicist = (id: number) => apiSend(`/physicists/${id}`, { method: 'DELETE' });

/** The mutation and the caches its answer makes stale (options, so a test can run them). */
export const deletePhysicistMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deletePhysicist,
    onSuccess: () =>
      invalidateScheduling(queryClient, 'physicists', 'jobs', 'assignments', 'availability'),
  });

export const useDeletePhysicist = () => useMutation(deletePhysicistMutation(useQueryClient()));
