import type { QueryClient } from '@tanstack/react-query';
import { usersQueryOptions } from '../../features/admin/api/get-users';
import { AdminPage } from '../../features/admin/components/admin-page';

/** Lazy route module for /admin. */
export const Component = AdminPage;

/** Pre-navigation warms the first tab's data (the user list). */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(usersQueryOptions());
