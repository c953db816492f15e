import { useQuery } from '@tanstack/react-query';
import { ActiveBackgroundSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/backgrounds/active (public): the landing's video address, or null. */
export const useActiveBackground = () =>
  useQuery({
    queryKey: queryKeys.activeBackground,
    queryFn: ({ signal }) => apiRequest('/backgrounds/active', ActiveBackgroundSchema, { signal }),
    // Decoration only: a failure shows the plain gradient rather than an error.
    retry: false,
    select: (answer) => answer.url,
  });
