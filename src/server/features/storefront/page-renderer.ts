import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRenderInput, RenderedPage } from '../../../web/server-render.tsx';

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;

/**
 * The storefront's server render (`vite build --ssr` output), or undefined when there is none
 * (the API-only test server, the dev server): the pages then paint in the browser alone.
 */
export async function loadPageRenderer(file: string | undefined): Promise<PageRenderer | undefined> {
  if (!file || !existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage: PageRenderer };
  return module.renderPage;
}
