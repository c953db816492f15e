import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_THEME } from '@meridian/domain';
import { LoginPage } from '../features/auth/components/login-page';
import { ToastProvider } from '../components/toast/toast-provider';
import { buildTheme } from '../lib/themes/build-theme';

/** The markup of a page's first paint and the CSS it needs. */
export interface Prerendered {
  html: string;
  css: string;
}

/**
 * /login as a guest first sees it, rendered at build time (apps/web/scripts/prerender.mjs):
 * the same providers as app/app.tsx gives a guest (the default theme, its CssBaseline), no
 * query answered yet, so no Register link and no background video. The page shows this
 * markup before any JavaScript has run; the app then renders the same page over it.
 */
export function renderLogin(): Prerendered {
  const cache = createCache({ key: 'css' });
  // Emotion keeps every rule in cache.inserted instead of writing <style> tags into the markup.
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
          <CssBaseline enableColorScheme />
          <ToastProvider>
            <StaticRouter location="/login">
              <LoginPage />
            </StaticRouter>
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </CacheProvider>,
  );
  const css = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');
  return { html, css };
}
