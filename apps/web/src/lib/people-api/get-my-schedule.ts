import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyScheduleSchema, type MySchedule } from '@meridian/contracts';
import { ApiError, apiRequest } from '../api-client';
import { keepCopy, readCopy } from '../offline-copy';
import { queryKeys } from '../query-keys';
import { usableClaims } from '../session';
import { getToken } from '../session-store';

/** The schedule as shown: `offlineAsOf` is when the kept copy was read, null for a fresh answer. */
export interface MyScheduleView extends MySchedule {
  offlineAsOf: string | null;
}

/**
 * GET /api/v1/me/schedule: the signed-in user's own assignments in date
 * order. Each answer is kept for this user (offline-copy.ts); when the server
 * cannot be reached, the kept copy is answered with the time it was read. A
 * refusal from the server (401, 403, ...) is never replaced by the copy.
 */
export async function getMySchedule(signal?: AbortSignal): Promise<MyScheduleView> {
  const user = usableClaims(getToken())?.sub ?? null;
  try {
    const schedule = await apiRequest('/me/schedule', MyScheduleSchema, { signal });
    if (user !== null) keepCopy(user, schedule);
    return { ...schedule, offlineAsOf: null };
  } catch (error) {
    const kept =
      user === null || error instanceof ApiError || signal?.aborted ? null : readCopy(user);
    const parsed = kept && MyScheduleSchema.safeParse(kept.body);
    if (!kept || !parsed?.success) throw error;
    return { ...parsed.data, offlineAsOf: kept.savedAt };
  }
}

/**
 * A draft change (a repair applied, a run) tells nobody, so an open schedule
 * reads itself again this often while its page is in view; a notice (a
 * published change, a decision) reloads it at once (notifications-stream.ts).
 */
export const MY_SCHEDULE_REFRESH_MS = 30_000;

export const myScheduleQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.mySchedule, queryFn: ({ signal }) => getMySchedule(signal) });

/** The user's schedule (/my-schedule and the "Mine" toggle on /assignments), kept fresh while shown. */
export const useMySchedule = (enabled = true) =>
  useQuery({ ...myScheduleQueryOptions(), enabled, refetchInterval: MY_SCHEDULE_REFRESH_MS });
