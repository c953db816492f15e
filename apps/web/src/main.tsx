import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { installFocusKeeper } from './lib/focus-keeper';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
installFocusKeeper();
registerServiceWorker();

/**
 * A transition, so React renders the first screen in slices of a few
 * milliseconds instead of one long task that holds the main thread (a phone's
 * total blocking time, docs/performance.md). It replaces whatever #root holds
 * in one commit.
 */
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// A page the build rendered ahead (login.html, my-schedule.html: apps/web/scripts/prerender.mjs)
// keeps its markup until the router has its route's code, so the first commit is that same page
// (or, signed in, the same placeholder) and not the loading bar.
if (root.firstElementChild !== null && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
} else render();
