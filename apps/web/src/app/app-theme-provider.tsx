import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_THEME } from '@meridian/domain';
import { useSession } from '../lib/session-store';
import { useActiveTheme } from '../features/theme/api/get-active-theme';
import { buildTheme } from '../lib/themes/build-theme';

/**
 * Applies the organisation's active theme (GET /theme/active) once someone is
 * signed in; guests and the login landing use the default theme.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { data } = useActiveTheme(session !== null);
  const name = session && data ? data.theme_name : DEFAULT_THEME;
  return (
    <ThemeProvider theme={buildTheme(name)}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
