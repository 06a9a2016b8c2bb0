// The server's render of a storefront page (built by `vite build --ssr` into dist/web-render): the
// page's data loaded by its route loader, then the HTML streamed; main.tsx hydrates it. See
// docs/decisions/018.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageBootstrap } from '../shared/page-bootstrap.ts';
import type { PageRenderInput, RenderedPage } from '../shared/page-render.ts';
import type { Master } from '../shared/settings.contract.ts';
import { App } from './app/app.tsx';
import { loadPageData } from './app/route-loaders.ts';
import { AppRoutes } from './app/router.tsx';
import { useAuth } from './features/session/session-store.ts';
import { connectApiClientToSession } from './features/auth/session-api-client.ts';
import { loadShopperCounts, signInFromSessionCookie } from './features/auth/session-start.ts';
import { cartQueries } from './features/cart/cart-queries.ts';
import { completeThemeColors } from './features/settings/settings-load.ts';
import { settingsQueries } from './features/settings/settings-queries.ts';
import { applyPageSettings } from './app/settings-bootstrap.ts';
import { useSettings } from './features/settings/settings-store.ts';
import { configureApiClient } from '../client/lib/api-client.ts';
import { datesWritten } from './lib/date.ts';
import { setLanguage, setMessages } from '../client/lib/i18n.ts';
import { languageTagOf } from '../shared/constants.ts';
import { loadAllLazyCode } from './lib/lazy-component.tsx';
import { queryClient } from '../client/lib/query-client.ts';
import { newRequestScope, takeScopesFrom, type RequestScope } from '../client/lib/request-scope.ts';

const scopes = new AsyncLocalStorage<RequestScope>();
takeScopesFrom(() => scopes.getStore());

/** Resolves once the code of every lazily loaded part is in, so no render waits for code. */
export const ready: Promise<unknown> = loadAllLazyCode();

/** Loads a page's data and renders it, in a scope of its own: no other request's state is in reach. */
export function renderPage(input: PageRenderInput): Promise<RenderedPage> {
  return scopes.run(newRequestScope(), () => renderInScope(input));
}

async function renderInScope({ url, shopper, fetchApi, messagesOf, html, complete, rememberedRenders }: PageRenderInput): Promise<RenderedPage> {
  connectApiClientToSession();
  configureApiClient({ fetch: fetchApi });
  useSettings.setState({ locale: shopper.locale });
  // Account pages' data is keyed by the shopper: who they are comes first.
  if (shopper.hasCookies) await signInFromSessionCookie();
  await loadPageData(url, queryClient());
  applyPageSettings();
  applyPreferences(shopper);
  if (shopper.hasCookies) await loadShopperCounts();
  const { locale, langDirection, selectedCurrency, defaultCurrency } = useSettings.getState();
  setLanguage(locale);
  setMessages(messagesOf(locale));
  const master = queryClient().getQueryData(settingsQueries.master().queryKey);
  const { user, favoriteProducts } = useAuth.getState();
  const cart = queryClient().getQueryData(cartQueries.cart().queryKey) ?? null;
  const currency = selectedCurrency?.name ?? defaultCurrency;
  const bootstrap: PageBootstrap = { queries: dehydrate(queryClient()), shopper: { user, favoriteProducts, cart, locale, currency } };
  if (!html) return { bootstrap };
  const memoryKey = rememberedRenders && renderKey(url, bootstrap);
  const remembered = memoryKey && rememberedRenders.get(memoryKey);
  let body: Readable | undefined;
  let writtenDates = datesWritten();
  if (remembered) {
    body = Readable.from([remembered.body]);
    writtenDates = remembered.writtenDates;
  } else {
    body = await streamHtml(url, complete).catch(() => undefined);
    if (body && memoryKey && rememberedRenders.admits(memoryKey)) body = remembering(body, (text) => rememberedRenders.set(memoryKey, { body: text, writtenDates }));
  }
  if (!body) return { bootstrap };
  return {
    bootstrap: { ...bootstrap, prerendered: true },
    html: { body, attributes: { lang: languageTagOf(locale), dir: langDirection, style: master && themeStyle(master) }, writtenDates: () => writtenDates },
  };
}

/** The shopper's own language (one the store offers) and currency (one it accepts), over the store's defaults. */
function applyPreferences({ locale, currency }: PageRenderInput['shopper']) {
  const settings = useSettings.getState();
  if (settings.languages.some((language) => language.name === locale)) settings.setLocale(locale);
  const chosen = settings.currencies.find((entry) => entry.name === currency);
  if (chosen) settings.selectCurrency(chosen);
}

/** A render follows from the address, the shopper (language, currency) and the data alone (not from when the data was loaded). */
function renderKey(url: string, { queries, shopper }: PageBootstrap): string {
  const data = queries.queries.map((query) => [query.queryHash, query.state.data]);
  const digest = createHash('sha256').update(JSON.stringify([shopper, data])).digest('base64url');
  return `${url}\n${digest}`;
}

/** Passes the HTML on and keeps it once whole, unless a part of it was left to the browser (it failed, or came later). */
function remembering(body: Readable, keep: (html: string) => void): Readable {
  const chunks: Buffer[] = [];
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      const html = Buffer.concat(chunks).toString('utf8');
      if (!html.includes('<!--$?-->') && !html.includes('<!--$!-->')) keep(html);
      done();
    },
  });
  return body.pipe(copy);
}

/** Resolves with the HTML stream when the first part is ready (people) or the whole page (crawlers); rejects when the page cannot render. */
function streamHtml(url: string, complete: boolean): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const body = new PassThrough();
    const start = () => stream.pipe(body);
    const stream = renderToPipeableStream(
      <App>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </App>,
      {
        // React would send a large finished part after the rest, revealed by an inline script, which
        // the store's script policy refuses: every finished part goes out in its place instead.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          if (complete) return;
          start();
          resolve(body);
        },
        onAllReady() {
          if (!complete) return;
          start();
          resolve(body);
        },
        // A part that fails after the first one was sent renders in the browser instead (React's own recovery).
        onShellError: reject,
      },
    );
  });
}

/** The theme colours as the CSS variables applyThemeColors sets in the browser. */
function themeStyle(master: Master): string | undefined {
  const colors = completeThemeColors(master.theme_colors);
  return colors ? Object.entries(colors).map(([shade, value]) => `--theme-${shade}:${value}`).join(';') : undefined;
}
