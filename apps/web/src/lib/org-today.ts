import { DEFAULT_ORG_TIMEZONE, todayIn, type IsoDate } from '@meridian/domain';
import { usePlanWindow } from './scheduling-api/get-plan-window';

/**
 * Today, for every screen: the server's date in the organisation's time zone
 * (GET /plan/window, ORG_TIMEZONE), so a browser in another zone or with a
 * wrong clock still opens the same day. Until the answer arrives, the
 * browser's clock read in the default zone stands in for it.
 */
export function useOrgToday(): IsoDate {
  const window = usePlanWindow();
  return window.data?.today ?? todayIn(DEFAULT_ORG_TIMEZONE, new Date());
}
