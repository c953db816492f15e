import path from 'node:path';
import type { Plugin } from 'vite';

/** The file the build writes beside index.html; the API reads it (apps/api/src/http/static-web.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  code: string;
}

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that starts with it has all its
 * functions compiled while it streams in, on a background thread, instead of each one on the main
 * thread the first time it is called. A first visit calls most of the functions in the files it
 * runs. In a 4x-throttled trace of /my-schedule the lazy compiles were about a second of the
 * main thread's time (docs/performance.md). Other browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Writes route-preloads.json: for each screen's lazy module
 * (src/app/routes/<name>-route.ts(x), the screen at /<name>), the built files
 * its first visit needs beyond the entry's own, with the signed-in chrome's
 * (app-shell) for every screen but /login. The API names them in that page's
 * head as modulepreload links, so a first load fetches them beside the entry
 * instead of after the entry has run and asked for them. Every file a first visit
 * runs starts with COMPILE_HINT.
 */
export function routePreloads(routesDir: string, shellModule: string): Plugin {
  return {
    name: 'meridian-route-preloads',
    apply: 'build',
    generateBundle: {
      // After Vite's own pass over the chunks, which rewrites the entry's code (its preload list),
      // so that the hint stays the first line.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (item): item is typeof item & BuiltChunk => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // A chunk and every chunk it imports statically: what the browser fetches with it.
        const closure = (start: string, seen = new Set<string>()) => {
          if (seen.has(start)) return seen;
          seen.add(start);
          for (const next of byFile.get(start)?.imports ?? []) closure(next, seen);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const shell = chunks.find((chunk) => chunk.facadeModuleId === shellModule);
        if (!entry || !shell)
          throw new Error('route-preloads: the entry or the app shell is missing');
        const initial = closure(entry.fileName);
        const beyondEntry = (file: string) => [...closure(file)].filter((f) => !initial.has(f));
        const preloads = new Map<string, string[]>();
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId;
          const name =
            id &&
            path.dirname(id) === routesDir &&
            /^(.+)-route\.tsx?$/.exec(path.basename(id))?.[1];
          if (!name) continue;
          const files = new Set(beyondEntry(chunk.fileName));
          if (name !== 'login') for (const file of beyondEntry(shell.fileName)) files.add(file);
          preloads.set(
            `/${name}`,
            [...files].sort().map((file) => `/${file}`),
          );
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(Object.fromEntries(preloads), null, 1)}\n`,
        });
        // The files some screen's first visit runs get the hint; the others (the PDF export, the
        // map's outlines) are compiled as they are called. Added after the content hash, which the
        // hint does not need to change: it is a comment, decided by the graph that named the file.
        const firstVisit = new Set([
          ...initial,
          ...[...preloads.values()].flat().map((f) => f.slice(1)),
        ]);
        for (const file of firstVisit) {
          const chunk = byFile.get(file);
          if (chunk && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
