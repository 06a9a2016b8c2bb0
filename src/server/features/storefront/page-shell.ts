import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOTSTRAP_ELEMENT_ID, WRITTEN_DATES_ELEMENT_ID } from '../../../shared/constants.ts';
import { Readable } from 'node:stream';
import type { PageHtml } from '../../../shared/page-render.ts';
import { escapeHtml, scriptSafeJson } from './html.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ShellParts {
  /** Tags for <head>: title, description, and later per-page SEO tags. */
  head: string[];
  /** Data the storefront would otherwise fetch before it can paint (read once by main.tsx). */
  bootstrap: unknown;
  /** The page module, `src/web/pages/{page}.tsx`, whose chunk the browser should fetch at once. */
  page?: string;
  /** The server's render of the page; without it the storefront paints in the browser. */
  rendered?: PageHtml;
}

/** Loads the storefront's code once a server-rendered page has painted (public/start-after-paint.js). */
export const START_AFTER_PAINT_SCRIPT = '/start-after-paint.js';

const HEAD_PLACEHOLDER = '<!--app-head-->';
const HTML_ELEMENT = /<html[^>]*>/;
const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET_LINK = /\s*<link rel="stylesheet"[^>]*>/g;
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * The built index.html with the head, bootstrap data and, when the server rendered it, the page's
 * HTML filled in. With Vite's manifest it also preloads the current page's chunk, so the page code
 * downloads alongside the entry instead of after it.
 */
export function loadPageShell(webRoot: string) {
  const built = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const stylesheets = [...built.matchAll(STYLESHEET_LINK)].map(([tag]) => tag.trim());
  const entry = ENTRY_SCRIPT.exec(built)?.[1];
  const entryModules = [...built.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const template = built.replace(STYLESHEET_LINK, '').replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const entryChunks = new Set(collectChunks(manifest, 'index.html'));

  function pageChunks(page: string | undefined): ManifestChunk[] {
    if (!page) return [];
    return collectChunks(manifest, `src/web/pages/${page}.tsx`)
      .filter((key) => !entryChunks.has(key))
      .map((key) => manifest[key]!);
  }

  function scriptTags(modules: string[], painted: boolean): string[] {
    if (!entry) return [];
    // A page the server painted needs its code only to come alive: the code waits until the page
    // shows, so it does not hold back the stylesheet and pictures the first paint needs.
    if (painted) {
      return [
        `<script src="${START_AFTER_PAINT_SCRIPT}" data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(JSON.stringify(modules))}" defer></script>`,
      ];
    }
    return [`<script type="module" crossorigin src="${entry}"></script>`, ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)];
  }

  /** The page: the shell with the render's HTML streamed into `#root`, or the bare shell the browser paints. */
  return function render({ head, bootstrap, page, rendered }: ShellParts): string | Readable {
    const chunks = pageChunks(page);
    const tags = [
      // The stylesheets first: a server-rendered page paints as soon as they and the HTML are in.
      ...stylesheets,
      ...chunks.flatMap((chunk) => (chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`)),
      ...head,
      `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>`,
      ...scriptTags([...entryModules, ...chunks.map((chunk) => `/${chunk.file}`)], Boolean(rendered)),
    ];
    const html = template.replace(HEAD_PLACEHOLDER, () => tags.join('\n    '));
    if (!rendered) return html;
    const [before, after] = html.replace(HTML_ELEMENT, () => `<html${attributes(rendered.attributes)}>`).split(ROOT_ELEMENT) as [string, string];
    return Readable.from(
      (async function* () {
        yield `${before}<div id="root">`;
        yield* rendered.body;
        yield `</div>\n<script type="application/json" id="${WRITTEN_DATES_ELEMENT_ID}">${scriptSafeJson(rendered.writtenDates())}</script>${after}`;
      })(),
    );
  };
}


const attributes = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(value!)}"`)
    .join('');

/** A chunk and everything it statically imports, depth first, each once. */
function collectChunks(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((child) => collectChunks(manifest, child, seen))];
}
