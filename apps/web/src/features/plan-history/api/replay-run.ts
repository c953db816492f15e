import { useMutation } from '@tanstack/react-query';
import { ReplayResultSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/runs/{id}/replay: reruns the recorded input and says whether F was reproduced. */
export const replayRun = (id: number) =>
  apiRequest(`/runs/${id}/replay`, ReplayResultSchema, { method: 'POST' });

/** Replays a run; it changes no data, so nothing is invalidated. */
export const useReplayRun = () => useMutation({ mutationFn: replayRun });
