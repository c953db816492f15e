import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PublishPreviewSchema } from '@meridian/contracts';
import type { IsoDate } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/plan/publish-preview: who a publish through `through` would tell (nothing is stored). */
export const getPublishPreview = (through: IsoDate, signal?: AbortSignal) =>
  apiRequest(`/plan/publish-preview?through=${encodeURIComponent(through)}`, PublishPreviewSchema, {
    signal,
  });

export const publishPreviewQueryOptions = (through: IsoDate) =>
  queryOptions({
    queryKey: queryKeys.publishPreview(through),
    queryFn: ({ signal }) => getPublishPreview(through, signal),
    // The counts change with every plan change; the dialog is open for seconds.
    staleTime: 0,
  });

/** The preview of the date being chosen; the last counts stay shown while the next ones load. */
export const usePublishPreview = (through: IsoDate | null) =>
  useQuery({
    ...publishPreviewQueryOptions(through ?? ''),
    enabled: through !== null,
    placeholderData: keepPreviousData,
  });
