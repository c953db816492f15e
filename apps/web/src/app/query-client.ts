import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** One cache for the app. A refused request is not retried: retrying a 4xx changes nothing. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError),
    },
  },
});
