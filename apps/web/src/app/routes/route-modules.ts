import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** What a lazily loaded screen module exports. */
export interface RouteModule {
  Component: ComponentType;
  /**
   * Warms the screen's queries: on entering the screen (app/router.tsx), and when a drawer entry
   * is hovered or focused.
   */
  prefetch?: (queryClient: QueryClient) => Promise<void>;
}

/**
 * The code of each screen, loaded on first visit or on pre-navigation. The
 * browser caches a dynamic import, so a hover-loaded screen opens at once.
 */
export const ROUTE_MODULES: Record<string, () => Promise<RouteModule>> = {
  '/my-schedule': () => import('./my-schedule-route'),
  '/import': () => import('./import-route'),
  '/schedule': () => import('./schedule-route'),
  '/assignments': () => import('./assignments-route'),
  '/timeline': () => import('./timeline-route'),
  '/kits': () => import('./kits-route'),
  '/analytics': () => import('./analytics-route'),
  '/map': () => import('./map-route'),
  '/unavailability': () => import('./unavailability-route'),
  '/roster': () => import('./roster-route'),
  '/requests': () => import('./requests-route'),
  '/about': () => import('./about-route'),
  '/admin': () => import('./admin-route'),
};

/** Loads a screen's code and warms its queries; failures are left to the real navigation. */
export async function preloadRoute(path: string, queryClient: QueryClient): Promise<void> {
  // eslint-disable-next-line meridian/string-key-injection -- path comes from the route table or a drawer link; unknown paths are answered by the guard below
  const load = ROUTE_MODULES[path];
  if (!load) return;
  const module = await load();
  await module.prefetch?.(queryClient);
}
