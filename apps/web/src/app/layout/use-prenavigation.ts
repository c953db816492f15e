import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PRENAVIGATION_DELAY_MS } from '@meridian/domain';
import { preloadRoute } from '../routes/route-modules';

/**
 * Pre-navigation: when a drawer entry stays hovered or focused for
 * PRENAVIGATION_DELAY_MS, load that screen's code and warm its queries, so the
 * click opens it without waiting. A quick pass over the list loads nothing.
 */
export function usePrenavigation() {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const schedule = useCallback(
    (path: string) => {
      cancel();
      timer.current = window.setTimeout(() => {
        preloadRoute(path, queryClient).catch(() => {
          // A failed preload is retried by the real navigation, which reports errors.
        });
      }, PRENAVIGATION_DELAY_MS);
    },
    [cancel, queryClient],
  );

  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
