import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRenderInput, RememberedRender, RenderedPage, RenderMemory } from '../../../shared/page-render.ts';
import type { Caches } from '../../platform/caches.ts';

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;

/**
 * What the remembered renders may hold together, in bytes (a page's HTML is a two-byte string: a
 * rating's stars and a quantity's minus sign are past Latin-1). Kept small: with more, a run of
 * never-seen pages leaves the heap so near its cap (`--max-old-space-size`) that what comes after it
 * waits on the collector (docs/benchmarks.md at 7ae58e4, session 12).
 */
const REMEMBERED_RENDERS_BYTES = 6 * 1024 * 1024;
/** The keys of pages rendered once in the last minute (a key is its address and a digest, ~100 characters). */
const RENDERED_KEYS_BYTES = 512 * 1024;

/**
 * The storefront's server render (`vite build --ssr` output), ready to render without waiting for
 * code, or undefined when there is none (the API-only test server, the dev server): the pages then
 * paint in the browser alone.
 */
export async function loadPageRenderer(file: string | undefined): Promise<PageRenderer | undefined> {
  if (!file || !existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage: PageRenderer; ready: Promise<unknown> };
  await module.ready;
  return module.renderPage;
}

/**
 * Renders remembered for a minute, bounded by their size. A render is kept under its page's data,
 * so a write needs not invalidate it: once the cached answers show the change, the page's key does
 * too. Only a page rendered twice within the minute is kept: one asked for once (a crawler walking
 * the catalogue, a shopper's rare product) would only push out pages asked for again, and copying
 * its text cost more than its render (docs/benchmarks.md at 7ae58e4, session 13).
 */
export function renderMemory(caches: Caches): RenderMemory {
  const region = caches.region<RememberedRender>('rendered-pages', {
    freshMs: 60_000,
    maxBytes: REMEMBERED_RENDERS_BYTES,
    sizeOf: (render) => 2 * render.body.length + 2 * JSON.stringify(render.writtenDates).length,
    onceLoadedKeysBytes: RENDERED_KEYS_BYTES,
  });
  return {
    get: (key) => region.peek(key),
    admits: (key) => region.admits(key),
    set: (key, render) => region.set(key, render),
  };
}
