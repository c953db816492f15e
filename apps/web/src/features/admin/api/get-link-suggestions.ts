import { queryOptions, useQuery } from '@tanstack/react-query';
import { LinkSuggestionListSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/users/link-suggestions: accounts whose name or e-mail matches a physicist. */
export const getLinkSuggestions = (signal?: AbortSignal) =>
  apiRequest('/admin/users/link-suggestions', LinkSuggestionListSchema, { signal });

export const linkSuggestionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.linkSuggestions,
    queryFn: ({ signal }) => getLinkSuggestions(signal),
  });

export const useLinkSuggestions = () => useQuery(linkSuggestionsQueryOptions());
