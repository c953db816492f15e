/**
 * Registers the service worker (public/sw.js) that keeps the app's shell for
 * offline use, and tells it which built files this page loaded, so the ones
 * fetched before it took control are kept too. Production builds only: the
 * development server's modules are not files to keep.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    void navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).origin === location.origin);
        registration.active?.postMessage({ type: 'keep-assets', urls });
      })
      .catch(() => {
        // Without the worker the app works as before, only not offline.
      });
  };
  // After the page's load, off the first screen's critical path; a page the build rendered
  // ahead starts the app after its load may already have fired (public/boot.js).
  if (document.readyState === 'complete') setTimeout(register, 0);
  else window.addEventListener('load', register);
}
