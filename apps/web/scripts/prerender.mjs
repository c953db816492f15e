// The first paint of a page without JavaScript (its LCP used to wait on the
// app's whole first load). After the client build, each page is rendered once
// in Node (src/prerender/pages.ts, built for the server by Vite) into its own
// HTML file: index.html with the page's markup in #root and its CSS as a hashed
// stylesheet, and without the app's module script and preloads, which
// public/boot.js loads after that first paint. The API serves the file for its
// route (apps/api/src/http/static-web.ts reads prerender.json); the app then
// renders the same page over the markup (src/main.tsx).
//
// - /login, as a guest sees it (src/prerender/login-markup.tsx).
// - /my-schedule, a physicist's home on a phone: the signed-in placeholder in
//   every theme (src/prerender/signed-in-markup.tsx), one of which
//   public/placeholder-theme.js shows before the paint.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Written beside index.html: route -> page file. */
export const PRERENDER_FILE = 'prerender.json';

const ENTRY_SCRIPT =
  /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g;

/**
 * Until the app has rendered over it, the markup is a picture: its fields are
 * read-only and its buttons aria-disabled plain buttons, so nothing typed or
 * clicked is lost (or submitted as a plain form) when the app's own page
 * replaces it, and a browser test's action waits for the live control. They
 * stay in the tab order (disabled ones would not): the page's scrolling main
 * region then holds something the keyboard can reach (axe's
 * scrollable-region-focusable).
 */
const inert = (html) =>
  html
    .replace(/<input\b/g, '<input readonly')
    .replace(/<button\b([^>]*?)\btype="submit"/g, '<button$1type="button"')
    .replace(/<button\b/g, '<button aria-disabled="true"');

/** Builds src/prerender/pages.ts for Node and imports it. */
async function loadRenderers(root, outDir) {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // Bundled whole, so Node runs what the browser runs (MUI's and emotion's ES modules).
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender/pages.ts',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'pages.mjs' } },
    },
  });
  return import(pathToFileURL(path.join(outDir, 'pages.mjs')).href);
}

const dataAttributes = (data) =>
  Object.entries(data)
    .map(([name, value]) => ` data-${name}="${value}"`)
    .join('');

/**
 * Writes `file` for `route`: index.html with `rendered`'s markup and stylesheet, boot.js in
 * place of the module script, and `head` (more tags for the head) before the stylesheet.
 */
function writePage(outDir, index, routePreloads, { route, file, rendered, head = '' }) {
  const { html, css } = rendered;
  const cssName = `assets/${file.replace(/\.html$/, '')}-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  writeFileSync(path.join(outDir, cssName), css);
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  if (!entry) throw new Error('prerender: index.html has no module entry script');
  const preloads = [...index.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const files = [...new Set([...preloads, ...(routePreloads[route] ?? [])])];
  const boot =
    // data-entry-imports: how many of the preloads, from the first, are the entry's own imports.
    `<script defer src="/boot.js" data-entry="${entry}" data-preload="${files.join(' ')}" data-entry-imports="${preloads.length}"></script>` +
    `${head}<link rel="stylesheet" href="/${cssName}" data-prerender>`;
  const page = index
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${boot}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${inert(html)}</div>`);
  if (!page.includes(cssName) || page.includes('type="module"'))
    throw new Error('prerender: index.html is not shaped as expected');
  writeFileSync(path.join(outDir, file), page);
  return { route, file, htmlBytes: Buffer.byteLength(page), cssBytes: Buffer.byteLength(css) };
}

/** Writes the prerendered pages, their stylesheets and prerender.json into the client build at `outDir`. */
export async function prerender(root, outDir) {
  const serverDir = mkdtempSync(path.join(tmpdir(), 'meridian-prerender-'));
  try {
    const pages = await loadRenderers(root, serverDir);
    const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const routePreloads = JSON.parse(
      readFileSync(path.join(outDir, 'route-preloads.json'), 'utf8'),
    );
    const written = [
      { route: '/login', file: 'login.html', rendered: pages.renderLogin() },
      {
        route: '/my-schedule',
        file: 'my-schedule.html',
        rendered: pages.renderSignedIn('/my-schedule'),
        // Blocking, so the paint has the user's theme (or nothing, for a guest).
        head: `<script src="/placeholder-theme.js"${dataAttributes(pages.PLACEHOLDER_SCRIPT_DATA)}></script>`,
      },
    ].map((page) => writePage(outDir, index, routePreloads, page));
    writeFileSync(
      path.join(outDir, PRERENDER_FILE),
      `${JSON.stringify(Object.fromEntries(written.map(({ route, file }) => [route, file])), null, 1)}\n`,
    );
    return written;
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}
