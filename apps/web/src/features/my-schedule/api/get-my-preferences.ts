import { queryOptions, useQuery } from '@tanstack/react-query';
import { PreferencesSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/me/preferences: the dates and weekdays the user's physicist would rather not work. */
export const getMyPreferences = (signal?: AbortSignal) =>
  apiRequest('/me/preferences', PreferencesSchema, { signal });

export const myPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myPreferences,
    queryFn: ({ signal }) => getMyPreferences(signal),
  });

export const useMyPreferences = () => useQuery(myPreferencesQueryOptions());
