import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KitInput } from './roster-types';
import { apiSend } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** POST /api/v1/kits/. */
export const createKit = (body: KitInput) => apiSend('/kits/', { method: 'POST', json: body });

export const useCreateKit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.kits }),
  });
};
