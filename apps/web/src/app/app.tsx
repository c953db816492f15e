import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { ToastProvider } from '../components/toast/toast-provider';
import { AppThemeProvider } from './app-theme-provider';
import { queryClient } from './query-client';
import { router } from './router';
import { clearDataWhenSessionEnds } from './session-end';

/** Providers from the outside in: cache, theme (needs the cache), toasts, routes. */
export function App() {
  useEffect(() => clearDataWhenSessionEnds(queryClient), []);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AppThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
