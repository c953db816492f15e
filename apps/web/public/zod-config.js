// Runs before the app's modules (a deferred classic script ahead of them in
// index.html), so before zod defines any schema: zod 4 otherwise probes
// `new Function` and compiles object parsers with it, which the server's CSP
// (script-src 'self', no 'unsafe-eval') refuses and Chromium logs as a Content
// Security Policy issue on every page (Lighthouse's best-practices issues
// audit, docs/performance.md). zod reads this object as its global config;
// parsing gives the same results without the compiled fast path.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
