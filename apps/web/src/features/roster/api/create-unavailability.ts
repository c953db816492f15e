import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnavailabilityInput } from './roster-types';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/availability/: one leave record, without a full re-upload. */
export const createUnavailability = (body: UnavailabilityInput) =>
  apiSend('/availability/', { method: 'POST', json: body });

export const useCreateUnavailability = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnavailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.availability }),
  });
};
