import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhysicistInput } from './roster-types';
import { apiSend } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** PUT /api/v1/physicists/{id}. */
export const updatePhysicist = ({ id, ...body }: PhysicistInput & { id: number }) =>
  apiSend(`/physicists/${id}`, { method: 'PUT', json: body });

export const useUpdatePhysicist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhysicist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.physicists }),
  });
};
