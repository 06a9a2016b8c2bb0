import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRenderInput, RememberedRender, RenderedPage, RenderMemory } from '../../../shared/page-render.ts';
import type { Caches } from '../../platform/caches.ts';

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;

/** What the remembered renders may hold together, in bytes. */
const REMEMBERED_RENDERS_BYTES = 12 * 1024 * 1024;

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
 * so a write needs not invalidate it: once the cached answers show the change, the page's key does too.
 */
export function renderMemory(caches: Caches): RenderMemory {
  const region = caches.region<RememberedRender>('rendered-pages', { freshMs: 60_000, maxBytes: REMEMBERED_RENDERS_BYTES });
  return { get: (key) => region.peek(key), set: (key, render) => region.set(key, render) };
}
