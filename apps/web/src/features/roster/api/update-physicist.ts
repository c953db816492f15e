import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { PhysicistInput } from './roster-types';
import { apiSend } from '../../../lib/api-client';
import { invalidateScheduling } from '../../../lib/query-keys';

/**
 * PUT /api/v1/physicists/{id}. A rename changes the assigned names every job
 * shows and the name on their leave records; a new home zip joins the zip table.
 */
export const updatePhysicist = ({ id, ...body }: PhysicistInput & { id: number }) =>
  apiSend(`/physicists/${id}`, { method: 'PUT', json: body });

/** The mutation and the caches its answer makes stale (options, so a test can run them). */
export const updatePhysicistMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updatePhysicist,
    onSuccess: () =>
      invalidateScheduling(
        queryClient,
        'physicists',
        'jobs',
        'assignments',
        'availability',
        'zipData',
      ),
  });

export const useUpdatePhysicist = () => useMutation(updatePhysicistMutation(useQueryClient()));
