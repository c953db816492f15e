// The first paint of /login without JavaScript (its LCP used to wait on the
// app's whole first load). After the client build, the login page is rendered
// once in Node (src/prerender/login-markup.tsx, built for the server by Vite)
// into login.html: index.html with the page's markup in #root and its CSS as a
// hashed stylesheet, and without the app's module script and preloads, which
// public/boot.js loads after that first paint. The API serves login.html for
// /login (apps/api/src/http/static-web.ts reads prerender.json); the app then
// renders the same page over the markup (src/main.tsx).
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

/** Builds src/prerender/login-markup.tsx for Node and renders the page. */
async function renderLogin(root) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'meridian-prerender-'));
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      // Bundled whole, so Node runs what the browser runs (MUI's and emotion's ES modules).
      ssr: { noExternal: true },
      build: {
        ssr: 'src/prerender/login-markup.tsx',
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: 'login-markup.mjs' } },
      },
    });
    const module = await import(pathToFileURL(path.join(outDir, 'login-markup.mjs')).href);
    return module.renderLogin();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Writes login.html, its stylesheet and prerender.json into the client build at `outDir`. */
export async function prerender(root, outDir) {
  const { html, css } = await renderLogin(root);
  const cssName = `assets/login-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  writeFileSync(path.join(outDir, cssName), css);

  const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  if (!entry) throw new Error('prerender: index.html has no module entry script');
  const preloads = [...index.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const routePreloads = JSON.parse(readFileSync(path.join(outDir, 'route-preloads.json'), 'utf8'));
  const files = [...new Set([...preloads, ...(routePreloads['/login'] ?? [])])];
  const boot =
    `<script defer src="/boot.js" data-entry="${entry}" data-preload="${files.join(' ')}"></script>` +
    `<link rel="stylesheet" href="/${cssName}" data-prerender>`;
  const page = index
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${boot}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${inert(html)}</div>`);
  if (!page.includes(cssName) || page.includes('type="module"'))
    throw new Error('prerender: index.html is not shaped as expected');
  writeFileSync(path.join(outDir, 'login.html'), page);
  writeFileSync(
    path.join(outDir, PRERENDER_FILE),
    `${JSON.stringify({ '/login': 'login.html' }, null, 1)}\n`,
  );
  return { htmlBytes: Buffer.byteLength(page), cssBytes: Buffer.byteLength(css) };
}
