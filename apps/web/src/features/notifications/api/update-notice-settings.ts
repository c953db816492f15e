import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NoticeSettingsSchema,
  type NoticeSettings,
  type NoticeSettingsUpdate,
} from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/v1/me/notice-settings: stores both choices; answers the settings as stored. */
export const updateNoticeSettings = (body: NoticeSettingsUpdate) =>
  apiRequest('/me/notice-settings', NoticeSettingsSchema, { method: 'PUT', json: body });

/**
 * Saves at once and shows the choice before the answer (optimistic), so the
 * controls never wait disabled (a disabled control drops the keyboard's
 * focus) and a second quick change builds on the first; a failure puts the
 * stored choice back.
 */
export const useUpdateNoticeSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNoticeSettings,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.noticeSettings });
      const before = queryClient.getQueryData<NoticeSettings>(queryKeys.noticeSettings);
      if (before !== undefined) {
        queryClient.setQueryData<NoticeSettings>(queryKeys.noticeSettings, { ...before, ...body });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before !== undefined) {
        queryClient.setQueryData(queryKeys.noticeSettings, context.before);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.noticeSettings }),
  });
};
