import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { KitInput } from './roster-types';
import { apiSend } from '../../../lib/api-client';
import { invalidateScheduling } from '../../../lib/query-keys';

/** POST /api/v1/kits/. */
export const createKit = (body: KitInput) => apiSend('/kits/', { method: 'POST', json: body });

/** The mutation and the caches its answer makes stale (options, so a test can run them). */
export const createKitMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createKit,
    onSuccess: () => invalidateScheduling(queryClient, 'kits', 'zipData'),
  });

export const useCreateKit = () => useMutation(createKitMutation(useQueryClient()));
