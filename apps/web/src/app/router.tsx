import { createBrowserRouter, Outlet, redirect, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { ErrorPage } from '../components/error-page';
import { APP_ROUTES, LOGIN_PATH } from './routes/route-definitions';
import { ROUTE_MODULES } from './routes/route-modules';
import { getToken } from '../lib/session-store';
import { usableClaims } from '../lib/session';
import { homeFor } from './routes/route-access';
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

/** Lazy route: only the screen's Component goes to the router; prefetch is the drawer's. */
const lazyScreen = (path: string) => async () => {
  // eslint-disable-next-line meridian/string-key-injection -- path is one of the route table's own paths
  const load = ROUTE_MODULES[path];
  if (!load) throw new Error(`No screen module for ${path}`);
  const { Component } = await load();
  return { Component };
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
          errorElement: <RouteError />,
        })),
      },
      { path: '*', element: <FallbackRedirect /> },
    ],
  },
]);
