import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_ORG_TIMEZONE, todayIn, type IsoDate, type PlanWindow } from '@meridian/domain';
import {
  getPlanWindow,
  planWindowQueryOptions,
  usePlanWindow,
} from './scheduling-api/get-plan-window';

/**
 * Today, for every screen: the server's date in the organisation's time zone
 * (GET /plan/window, ORG_TIMEZONE), so a browser in another zone or with a
 * wrong clock still opens the same day. Until the answer arrives, the
 * browser's clock read in the default zone stands in for it.
 */
export function useOrgToday(): IsoDate {
  return useOrgTodayState().today;
}

/**
 * useOrgToday's date, and whether it is final: `settled` is false while GET /plan/window has
 * not answered, so a screen that opens on today's week (features/map/components/map-view.tsx)
 * can wait instead of drawing the browser's week and then jumping to the server's.
 */
export function useOrgTodayState(): { today: IsoDate; settled: boolean } {
  const window = usePlanWindow();
  return { today: window.data?.today ?? browserToday(), settled: !window.isPending };
}

/**
 * Today for a decision the server checks again, such as whether an edit corrects a past job
 * (components/correction-reason-dialog.tsx): the server's answer, waited for when it has not
 * arrived yet, since the browser's clock can name another day (another zone, a wrong clock, or a
 * server whose clock is set). Only when the server cannot be asked does the browser's stand in.
 */
export async function orgTodayForRule(
  client: QueryClient,
  askServer: (signal?: AbortSignal) => Promise<PlanWindow> = getPlanWindow,
): Promise<IsoDate> {
  try {
    const window = await client.ensureQueryData({
      ...planWindowQueryOptions(),
      queryFn: ({ signal }) => askServer(signal),
    });
    return window.today;
  } catch {
    return browserToday();
  }
}

const browserToday = (): IsoDate => todayIn(DEFAULT_ORG_TIMEZONE, new Date());
