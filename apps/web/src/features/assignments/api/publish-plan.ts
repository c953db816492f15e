import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PublishAnswerSchema } from '@meridian/contracts';
import type { IsoDate } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { invalidateScheduling, queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/plan/publish: publishes the plan through `through` and tells the people concerned. */
export const publishPlan = (through: IsoDate) =>
  apiRequest('/plan/publish', PublishAnswerSchema, { method: 'POST', json: { through } });

/** Publishing changes every job's phase, the window, one's own schedule and maybe one's notices. */
export const usePublishPlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPlan,
    // Not awaited: the toast need not wait for the lists to reload.
    onSuccess: () => {
      void invalidateScheduling(queryClient, 'jobs', 'assignments');
      for (const queryKey of [queryKeys.planWindow, queryKeys.mySchedule, queryKeys.notifications])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
};
