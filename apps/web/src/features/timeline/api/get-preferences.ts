import { queryOptions, useQuery } from '@tanstack/react-query';
import { PreferencesListSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/preferences (admin, manager): every physicist who stated preferences. */
export const getPreferences = (signal?: AbortSignal) =>
  apiRequest('/preferences', PreferencesListSchema, { signal });

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.preferences,
    queryFn: ({ signal }) => getPreferences(signal),
  });

/** The timeline's hatch of avoided days; only managers and admins may read them. */
export const usePreferences = (enabled: boolean) =>
  useQuery({ ...preferencesQueryOptions(), enabled });
