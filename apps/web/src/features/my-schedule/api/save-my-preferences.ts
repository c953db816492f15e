import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PreferencesSchema, type PreferencesUpdate } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/v1/me/preferences: replaces the whole set; answers it as stored (sorted, unique). */
export const saveMyPreferences = (update: PreferencesUpdate) =>
  apiRequest('/me/preferences', PreferencesSchema, { method: 'PUT', json: update });

export const useSaveMyPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.myPreferences, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myPreferences }),
  });
};
