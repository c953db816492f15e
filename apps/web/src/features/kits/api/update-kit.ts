import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { KitSchema, type Kit } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { invalidateScheduling, queryKeys } from '../../../lib/query-keys';

export interface KitUpdate {
  id: number;
  current_location_zip: string;
  is_out_for_maintenance: boolean;
  comments: string;
}

/** PUT /api/v1/kits/{id}: location, maintenance flag and comments. */
export const updateKit = ({ id, ...body }: KitUpdate) =>
  apiRequest(`/kits/${id}`, KitSchema, { method: 'PUT', json: body });

/**
 * Saves a kit; the answer replaces it, and a refusal reloads the kits, so the
 * table shows what the server holds. The job lists are refetched too: a kit
 * saved as out for maintenance leaves every job starting after today, and a new
 * location moves the derived kit_location of its first job; a new zip joins the
 * zip table. (A factory of the options, so a test can run it on a plain
 * QueryClient.)
 */
export const updateKitMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateKit,
    onSuccess: async (kit) => {
      queryClient.setQueryData<Kit[]>(queryKeys.kits, (kits) =>
        kits?.map((current) => (current.id === kit.id ? kit : current)),
      );
      await invalidateScheduling(queryClient, 'jobs', 'assignments', 'zipData');
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.kits }),
  });

export const useUpdateKit = () => useMutation(updateKitMutation(useQueryClient()));
