import { queryOptions, useQuery } from '@tanstack/react-query';
import { NoticeSettingsSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/me/notice-settings: e-mail on or off, at once or a daily digest, and the address. */
export const getNoticeSettings = (signal?: AbortSignal) =>
  apiRequest('/me/notice-settings', NoticeSettingsSchema, { signal });

export const noticeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.noticeSettings,
    queryFn: ({ signal }) => getNoticeSettings(signal),
  });

export const useNoticeSettings = () => useQuery(noticeSettingsQueryOptions());
