import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppearanceSettingsSchema, type AppearanceSettings } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/v1/admin/appearance-settings: the whole settings object. */
export const updateAppearanceSettings = (body: AppearanceSettings) =>
  apiRequest('/admin/appearance-settings', AppearanceSettingsSchema, { method: 'PUT', json: body });

export const useUpdateAppearanceSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppearanceSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.appearanceSettings, saved);
      // The theme, the music player and the video list read these settings through their own endpoints.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myAppearance }),
        queryClient.invalidateQueries({ queryKey: queryKeys.musicSettings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.backgrounds }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activeBackground }),
      ]);
    },
  });
};
