import type { QueryClient } from '@tanstack/react-query';
import { myScheduleQueryOptions } from '../../lib/people-api/get-my-schedule';
import { MySchedulePage } from '../../features/my-schedule/components/my-schedule-page';
import { NoticeSettingsPanel } from '../../features/notifications/components/notice-settings-panel';

/** Lazy route module for /my-schedule: the page, with the Notices settings in it. */
export function Component() {
  return <MySchedulePage settings={<NoticeSettingsPanel />} />;
}

/** Pre-navigation warms the user's schedule. */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(myScheduleQueryOptions());
