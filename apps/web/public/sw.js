// Meridian's service worker: keeps the app's shell (the page and its built
// files) so My schedule opens without a network. It never stores an API
// answer: the user's own schedule is kept by the page itself, per user, and
// forgotten at logout (apps/web/src/lib/offline-copy.ts).
const SHELL = 'meridian-shell-v1';

self.addEventListener('install', (event) => {
  // The shell page; the built files come as the page reports them (below).
  event.waitUntil(caches.open(SHELL).then((cache) => cache.add('/')));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page lists the built files it loaded (hashed names under /assets/), so
// the ones fetched before this worker took control are kept too.
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.type === 'keep-assets' ? event.data.urls : [];
  const own = urls.filter((url) =>
    new URL(url, self.location.origin).pathname.startsWith('/assets/'),
  );
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(own)));
});

const isPage = (request) => request.mode === 'navigate';
const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isPage(request)) {
    // Network first, so a new build is seen at once; the kept shell when offline.
    event.respondWith(
      fetch(request).catch(async () => (await caches.match('/')) ?? Response.error()),
    );
    return;
  }
  if (isAsset(url)) {
    // Built files never change under their hashed names: the kept copy is the file.
    event.respondWith(
      (async () => {
        const kept = await caches.match(request);
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) (await caches.open(SHELL)).put(request, response.clone());
        return response;
      })(),
    );
  }
});
