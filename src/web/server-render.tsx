// The server's pre-render of a storefront page (built by `vite build --ssr` into dist/web-render).
// The HTML paints before any script has run; main.tsx then hydrates it. See docs/decisions/014.
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PageBootstrap } from '../shared/page-bootstrap.ts';
import { App } from './app/app.tsx';
import { AppRoutes } from './app/router.tsx';
import { completeThemeColors } from './features/settings/settings-load.ts';
import { useSettings } from './features/settings/settings-store.ts';
import { applyBootstrapForServerRender } from './features/settings/use-settings-bootstrap.ts';
import { languageTagOf, setLanguage, setMessages } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';

export interface PageRenderInput {
  /** Path and query of the page. */
  url: string;
  bootstrap: PageBootstrap;
  /** The messages of the store's default language (`GET /api/lang/{locale}`). */
  messages: Record<string, string>;
}

export interface RenderedPage {
  /** The markup inside `<div id="root">`. */
  body: string;
  /** `<html>` attributes the storefront would set: language, direction and theme colours. */
  htmlAttributes: { lang: string; dir: 'ltr' | 'rtl'; style?: string };
  /** The visitor the page was rendered for: the store's default language and currency. */
  renderedFor: { locale: string; currency: string };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders a page as a signed-out visitor in the store's default language and currency sees it.
 * The stores and the query cache are module-wide, so renders take turns.
 */
export function renderPage(input: PageRenderInput): Promise<RenderedPage> {
  const rendered = queue.then(() => renderNow(input));
  queue = rendered.catch(() => undefined);
  return rendered;
}

/** What renderToString leaves where a part was still loading: React would then redo it in the browser, with an error. */
const UNFINISHED_PART = '<!--$!-->';

async function renderNow({ url, bootstrap, messages }: PageRenderInput): Promise<RenderedPage> {
  try {
    applyBootstrapForServerRender(bootstrap);
    const { locale, langDirection, selectedCurrency, defaultCurrency } = useSettings.getState();
    setLanguage(locale);
    setMessages(messages);
    const page = () => (
      <App>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </App>
    );
    let body = renderToString(page());
    if (body.includes(UNFINISHED_PART)) {
      // A lazily loaded part (a page, the footer) is met for the first time: a full prerender
      // waits for its code, which stays loaded, and the page renders whole from then on.
      await readText((await prerenderToNodeStream(page())).prelude);
      body = renderToString(page());
      if (body.includes(UNFINISHED_PART)) throw new Error(`Part of ${url} did not finish rendering on the server`);
    }
    return {
      body,
      htmlAttributes: { lang: languageTagOf(locale), dir: langDirection, style: themeStyle(bootstrap) },
      renderedFor: { locale, currency: selectedCurrency?.name ?? defaultCurrency },
    };
  } finally {
    queryClient.clear();
  }
}

/** The theme colours as the CSS variables applyThemeColors sets in the browser. */
function themeStyle({ master }: PageBootstrap): string | undefined {
  const colors = completeThemeColors(master.theme_colors);
  return colors ? Object.entries(colors).map(([shade, value]) => `--theme-${shade}:${value}`).join(';') : undefined;
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}
