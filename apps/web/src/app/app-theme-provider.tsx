import { useEffect, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_THEME } from '@meridian/domain';
import { useSession } from '../lib/session-store';
import { useMyAppearance } from '../features/theme/api/my-appearance';
import { buildTheme } from '../lib/themes/build-theme';
import {
  cacheAppearance,
  readCachedAppearance,
  resolveTheme,
  useDeviceIsDark,
} from '../lib/themes/theme-choice';

/**
 * Applies the signed-in user's theme: their own choice (GET /me/appearance)
 * beside the organisation's theme, following the device's dark setting live
 * when they chose "Match my device". Until the server answers, the answer this
 * browser last had for the same user is used, so a reload shows no flash of
 * another theme. Guests and the login landing use the default theme.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const user = session?.claims.sub ?? null;
  const { data } = useMyAppearance(session !== null);
  const deviceIsDark = useDeviceIsDark();
  const appearance = user === null ? null : (data ?? readCachedAppearance(user));
  const name = appearance
    ? resolveTheme(appearance.theme_choice, appearance.organisation_theme, deviceIsDark)
    : DEFAULT_THEME;

  useEffect(() => {
    if (user !== null && data) cacheAppearance(user, data);
  }, [user, data]);

  return (
    <ThemeProvider theme={buildTheme(name)}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
