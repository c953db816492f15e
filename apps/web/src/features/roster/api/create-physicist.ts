import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhysicistInput } from './roster-types';
import { apiSend } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** POST /api/v1/physicists/ (unknown zips are refused with a detail naming the zip). */
export const createPhysicist = (body: PhysicistInput) =>
  apiSend('/physicists/', { method: 'POST', json: body });

export const useCreatePhysicist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPhysicist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.physicists }),
  });
};
