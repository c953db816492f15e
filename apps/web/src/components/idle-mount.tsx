import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The chrome's lesser parts (music, the bell, the ticker, the task panel, the notices' stream)
 * wait for the browser to be idle, then come one at a time, each in its own render and commit.
 * On a phone's first load they shared one commit with the top bar, and with the ten requests they
 * start, that commit was the load's longest task (docs/performance.md).
 */
const waiting: (() => void)[] = [];
let isGranting = false;

const whenIdle = (callback: () => void) => {
  // Safari has no requestIdleCallback: a short timer is the next best turn.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2_000 });
  else setTimeout(callback, 50);
};

/** Hands the next waiting part its turn, once the browser is idle again. */
function grantNext(): void {
  const grant = waiting.shift();
  isGranting = grant !== undefined;
  if (grant) whenIdle(grant);
}

/**
 * False until this component's turn has come (the browser idle, every earlier part drawn), then
 * true for good. A turn ends when the render it caused has committed.
 */
export function useIdleTurn(): boolean {
  const [isGranted, setGranted] = useState(false);
  // Set while this part holds the turn and its render has not committed yet.
  const holdsTurn = useRef(false);
  useEffect(() => {
    let isMounted = true;
    const grant = () => {
      // Unmounted before its turn came: the turn passes straight on.
      if (!isMounted) return grantNext();
      holdsTurn.current = true;
      setGranted(true);
    };
    waiting.push(grant);
    if (!isGranting) grantNext();
    return () => {
      isMounted = false;
      const place = waiting.indexOf(grant);
      if (place >= 0) waiting.splice(place, 1);
      // Unmounted between its turn and its commit: the others must not wait for it.
      if (holdsTurn.current) {
        holdsTurn.current = false;
        grantNext();
      }
    };
  }, []);
  useEffect(() => {
    if (!isGranted || !holdsTurn.current) return;
    holdsTurn.current = false;
    grantNext();
  }, [isGranted]);
  return isGranted;
}

/** Renders `children` once the browser has been idle and the parts before them are drawn. */
export function IdleMount({ children }: { children: ReactNode }) {
  return useIdleTurn() ? children : null;
}
