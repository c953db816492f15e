import { queryOptions, useQuery } from '@tanstack/react-query';
import { ActiveThemeSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/theme/active: the theme every signed-in user sees. */
export const getActiveTheme = (signal?: AbortSignal) =>
  apiRequest('/theme/active', ActiveThemeSchema, { signal });

export const activeThemeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeTheme,
    queryFn: ({ signal }) => getActiveTheme(signal),
    staleTime: 5 * 60_000,
  });

/** The active theme, fetched only after login (the endpoint needs a token). */
export const useActiveTheme = (isSignedIn: boolean) =>
  useQuery({ ...activeThemeQueryOptions(), enabled: isSignedIn });
