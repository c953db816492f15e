import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZipDataListSchema } from '@meridian/contracts';
import type { ZipPoint } from '@meridian/domain';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/zip-data: coordinates of the zips used by jobs, physicists and kits. */
export const getZipData = (signal?: AbortSignal) =>
  apiRequest('/zip-data', ZipDataListSchema, { signal });

export const zipDataQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.zipData,
    queryFn: ({ signal }) => getZipData(signal),
    select: (points): ReadonlyMap<string, ZipPoint> =>
      new Map(points.map((point) => [point.zip_code, point])),
  });

/** The zip table as a Map (built once per answer, not per render). */
export const useZipIndex = () => useQuery(zipDataQueryOptions());
