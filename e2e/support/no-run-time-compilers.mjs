// Preloaded (node --import) into the server the browser tests start: any
// attempt to load a TypeScript loader or a bundler at run time (tsx, esbuild)
// throws, in the main thread and in worker threads, which inherit --import.
// Production must run the JavaScript that `npm run build` wrote.
import Module, { register } from 'node:module';

const FORBIDDEN = /^(?:tsx|esbuild|@esbuild\/[^/]+)(?:\/|$)/;

register('./no-run-time-compilers-hooks.mjs', import.meta.url);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function guarded(request, ...rest) {
  if (FORBIDDEN.test(request)) {
    throw new Error(`run-time compiler refused: require('${request}')`);
  }
  return resolveFilename.call(this, request, ...rest);
};
