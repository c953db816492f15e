import { createBrowserRouter, Outlet, redirect, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { ErrorPage } from '../components/error-page';
import { APP_ROUTES, LOGIN_PATH } from './routes/route-definitions';
import { preloadRoute, ROUTE_MODULES } from './routes/route-modules';
import { getToken } from '../lib/session-store';
import { usableClaims } from '../lib/session';
import { homeFor, resolveAccess } from './routes/route-access';
import { queryClient } from './query-client';
import { planWindowQueryOptions } from '../lib/scheduling-api/get-plan-window';
import { FallbackRedirect, ProtectedLayout } from './layout/protected-layout';

function RouteError() {
  return <ErrorPage error={useRouteError()} />;
}

/** Shown while the first screen's code loads. */
function InitialLoading() {
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0 }}>
      <LinearProgress aria-label="Loading" />
    </Box>
  );
}

/** A signed-in visitor opening /login goes to their home instead. */
function redirectSignedIn() {
  const claims = usableClaims(getToken());
  return claims ? redirect(homeFor(claims.role)) : null;
}

/** Lazy route: only the screen's Component goes to the router; its prefetch is warmScreen's. */
const lazyScreen = (path: string) => async () => {
  // eslint-disable-next-line meridian/string-key-injection -- path is one of the route table's own paths
  const load = ROUTE_MODULES[path];
  if (!load) throw new Error(`No screen module for ${path}`);
  const { Component } = await load();
  return { Component };
};

/**
 * Entering a screen its user may open starts the screen's queries (its module's `prefetch`) with
 * its code, rather than after the chrome and the screen have loaded and drawn: on a phone's first
 * load of /my-schedule the schedule was asked for only after that chain (docs/performance.md).
 * Nothing waits on it; the screen's own queries pick the answers up, or ask again on a failure.
 */
const warmScreen = (path: string) => () => {
  const claims = usableClaims(getToken());
  if (!claims || resolveAccess(path, claims.role).kind !== 'allow') return null;
  // Today (lib/org-today.ts), which most screens read and /map waits for.
  void queryClient.prefetchQuery(planWindowQueryOptions());
  preloadRoute(path, queryClient).catch(() => {
    // The screen's own query reports the error.
  });
  return null;
};

/** The route tree of the screens. Access rules live in route-access.ts. */
export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <InitialLoading />,
    children: [
      {
        path: LOGIN_PATH,
        // Checked on entering /login only, so the form stays on screen while a
        // fresh login navigates away (a render-time check would blank it).
        loader: redirectSignedIn,
        lazy: async () => ({
          Component: (await import('./routes/login-route')).Component,
        }),
      },
      {
        element: <ProtectedLayout />,
        children: APP_ROUTES.map((route) => ({
          path: route.path,
          lazy: lazyScreen(route.path),
          loader: warmScreen(route.path),
          errorElement: <RouteError />,
        })),
      },
      { path: '*', element: <FallbackRedirect /> },
    ],
  },
]);
