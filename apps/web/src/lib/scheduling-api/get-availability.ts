import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnavailabilityListSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/availability/: the unavailability (leave) records. */
export const getAvailability = (signal?: AbortSignal) =>
  apiRequest('/availability/', UnavailabilityListSchema, { signal });

export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.availability,
    queryFn: ({ signal }) => getAvailability(signal),
  });

export const useAvailability = () => useQuery(availabilityQueryOptions());
