import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KitSchema, type Kit } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

export interface KitUpdate {
  id: number;
  current_location_zip: string;
  is_out_for_maintenance: boolean;
  comments: string;
}

/** PUT /api/v1/kits/{id}: location, maintenance flag and comments. */
export const updateKit = ({ id, ...body }: KitUpdate) =>
  apiRequest(`/kits/${id}`, KitSchema, { method: 'PUT', json: body });

/** Saves a kit; the answer replaces it, and a refusal reloads the kits (spec section 4). */
export const useUpdateKit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKit,
    onSuccess: (kit) =>
      queryClient.setQueryData<Kit[]>(schedulingKeys.kits, (kits) =>
        kits?.map((current) => (current.id === kit.id ? kit : current)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.kits }),
  });
};
