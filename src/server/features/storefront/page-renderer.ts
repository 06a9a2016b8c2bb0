import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { PageRenderInput, RenderedPage, RenderMemory } from '../../../web/server-render.tsx';

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;

/** What the remembered renders may hold together (their HTML, counted in characters). */
const REMEMBERED_RENDERS_SIZE = 16 * 1024 * 1024;

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

/** Renders remembered for a minute, bounded by their size. */
export function renderMemory(): RenderMemory {
  return new LRUCache<string, string>({ maxSize: REMEMBERED_RENDERS_SIZE, sizeCalculation: (html) => Math.max(1, html.length), ttl: 60_000 });
}
