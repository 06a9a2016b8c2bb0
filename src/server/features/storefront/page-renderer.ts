import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRenderInput, RenderedPage } from '../../../web/server-render.tsx';
import { TtlCache } from '../../platform/ttl-cache.ts';

export type PageRenderer = (input: PageRenderInput) => Promise<RenderedPage>;

/**
 * The storefront's server render (`vite build --ssr` output), or undefined when there is none
 * (the API-only test server, the dev server): the pages then paint in the browser alone.
 */
export async function loadPageRenderer(file: string | undefined): Promise<PageRenderer | undefined> {
  if (!file || !existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage: PageRenderer };
  return rememberRenders(module.renderPage);
}

/**
 * A page's HTML follows from its address and its data alone (the messages follow from the data's
 * language), so the same page with the same data comes from memory instead of another render.
 */
function rememberRenders(render: PageRenderer): PageRenderer {
  const renders = new TtlCache<RenderedPage>(60_000, 100);
  return (input) => {
    const data = createHash('sha256').update(JSON.stringify(input.bootstrap)).digest('base64url');
    return renders.get(`${input.url}\n${data}`, () => render(input));
  };
}
