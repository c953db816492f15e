import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { ToastProvider } from '../components/toast/toast-provider';
import { AppThemeProvider } from './app-theme-provider';
import { queryClient } from './query-client';
import { router } from './router';
import { SessionEndHandler } from './session-end-handler';

/** Providers from the outside in: cache, theme (needs the cache), toasts, session end (needs both), routes. */
export function App() {
  // A prerendered page's stylesheet (login.html, my-schedule.html) has done its work once the
  // app's own styles are in: its global rules would otherwise outlive the page it drew.
  useEffect(() => {
    document.querySelector('link[data-prerender]')?.remove();
    document.documentElement.removeAttribute('data-placeholder-theme');
  }, []);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <ToastProvider>
            <SessionEndHandler />
            <RouterProvider router={router} />
          </ToastProvider>
        </AppThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
