import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserListSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/users. */
export const getUsers = (signal?: AbortSignal) =>
  apiRequest('/admin/users', UserListSchema, { signal });

export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users, queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());
