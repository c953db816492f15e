import { StaticRouter } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_THEME } from '@meridian/domain';
import { LoginPage } from '../features/auth/components/login-page';
import { ToastProvider } from '../components/toast/toast-provider';
import { buildTheme } from '../lib/themes/build-theme';
import { renderCollectingStyles, type Prerendered } from './collect-styles';

/**
 * /login as a guest first sees it, rendered at build time (apps/web/scripts/prerender.mjs):
 * the same providers as app/app.tsx gives a guest (the default theme, its CssBaseline), no
 * query answered yet, so no Register link and no background video. The page shows this
 * markup before any JavaScript has run; the app then renders the same page over it.
 */
export function renderLogin(): Prerendered {
  const { html, rules } = renderCollectingStyles(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
        <CssBaseline enableColorScheme />
        <ToastProvider>
          <StaticRouter location="/login">
            <LoginPage />
          </StaticRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { html, css: [...rules.values()].join('') };
}
