import type { Readable } from 'node:stream';
import type { PageBootstrap } from './page-bootstrap.ts';

/** What the server hands the storefront's server render (src/web/server-render.tsx) for one page, and what it gets back. */

export interface PageRenderInput {
  /** Path and query of the page. */
  url: string;
  /** The shopper's language (their choice, else the store's) and chosen currency, and whether they sent cookies (a session, a guest cart). */
  shopper: { locale: string; currency?: string; hasCookies: boolean };
  /** How the page's data is asked of the API: the server's own routes, as this shopper. */
  fetchApi: typeof fetch;
  /** The messages of the page's language (`GET /api/lang/{locale}`), by locale. */
  messagesOf(locale: string): Record<string, string>;
  /** Whether to render the HTML at all (false: the data only, for a page the browser draws). */
  html: boolean;
  /** Crawlers get the complete page in one piece; people get it streamed as it renders. */
  complete: boolean;
  /**
   * Renders kept for pages that are the same for everyone who asks (a visitor without a session):
   * a page with the same address, language and data comes from here instead of another render.
   */
  rememberedRenders?: RenderMemory;
}

export interface RenderMemory {
  get(key: string): RememberedRender | undefined;
  /** Whether a render under this key is worth keeping: one asked for before, not one a crawler's walk reaches once. */
  admits(key: string): boolean;
  set(key: string, render: RememberedRender): void;
}

export interface RememberedRender {
  body: string;
  writtenDates: WrittenDates;
}

/** Dates a render wrote, by language, zone, style and date (src/web/lib/date.ts). */
export type WrittenDates = Record<string, string>;

export interface RenderedPage {
  /** The page's data, put in the browser's query cache before it hydrates. */
  bootstrap: PageBootstrap;
  /** The page's HTML; absent when none was asked for or the render failed. */
  html?: PageHtml;
}

export interface PageHtml {
  /** The markup inside `<div id="root">`, streamed. */
  body: Readable;
  /** `<html>` attributes the storefront would set: language, direction and theme colours. */
  attributes: { lang: string; dir: 'ltr' | 'rtl'; style?: string };
  /**
   * The dates the render wrote, for the browser to hydrate with instead of building its own date
   * formatter first (docs/decisions/026); whole once `body` has ended.
   */
  writtenDates(): WrittenDates;
}
