import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { PhysicistInput } from './roster-types';
import { apiSend } from '../../../lib/api-client';
import { invalidateScheduling } from '../../../lib/query-keys';

/** POST /api/v1/physicists/ (unknown zips are refused with a detail naming the zip). */
export const createPhysicist = (body: PhysicistInput) =>
  apiSend('/physicists/', { method: 'POST', json: body });

/** The mutation and the caches its answer makes stale (options, so a test can run them). */
export const createPhysicistMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createPhysicist,
    // Their home zip may be new to the zip table the distances read.
    onSuccess: () => invalidateScheduling(queryClient, 'physicists', 'zipData'),
  });

export const useCreatePhysicist = () => useMutation(createPhysicistMutation(useQueryClient()));
