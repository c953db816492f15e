import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyScheduleSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/me/schedule: the signed-in user's own assignments in date order. */
export const getMySchedule = (signal?: AbortSignal) =>
  apiRequest('/me/schedule', MyScheduleSchema, { signal });

export const myScheduleQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.mySchedule, queryFn: ({ signal }) => getMySchedule(signal) });

/** The user's schedule (/my-schedule and the "Mine" toggle on /assignments). */
export const useMySchedule = (enabled = true) => useQuery({ ...myScheduleQueryOptions(), enabled });
