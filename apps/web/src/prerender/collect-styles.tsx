import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';

/** The markup of a page's first paint and the CSS it needs. */
export interface Prerendered {
  html: string;
  css: string;
}

/** Markup and emotion's rules by name (the same rule has the same name in every render). */
export interface RenderedWithRules {
  html: string;
  rules: Map<string, string>;
}

/** Renders `element` once in Node, keeping the rules emotion wrote for it instead of inlining them. */
export function renderCollectingStyles(element: ReactElement): RenderedWithRules {
  const cache = createCache({ key: 'css' });
  // Emotion keeps every rule in cache.inserted instead of writing <style> tags into the markup.
  cache.compat = true;
  const html = renderToString(<CacheProvider value={cache}>{element}</CacheProvider>);
  const rules = new Map<string, string>();
  for (const [name, rule] of Object.entries(cache.inserted))
    if (typeof rule === 'string') rules.set(name, rule);
  return { html, rules };
}
