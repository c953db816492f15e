import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppearanceSettingsSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/appearance-settings: theme, background video and music. */
export const getAppearanceSettings = (signal?: AbortSignal) =>
  apiRequest('/admin/appearance-settings', AppearanceSettingsSchema, { signal });

export const appearanceSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.appearanceSettings,
    queryFn: ({ signal }) => getAppearanceSettings(signal),
  });

export const useAppearanceSettings = () => useQuery(appearanceSettingsQueryOptions());
