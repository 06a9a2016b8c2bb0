import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOTSTRAP_ELEMENT_ID } from '../../../shared/constants.ts';
import { scriptSafeJson } from './html.ts';

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
}

const HEAD_PLACEHOLDER = '<!--app-head-->';


/**
 * The built index.html with the head and bootstrap data filled in. With Vite's manifest it also
 * preloads the current page's chunk, so the page code downloads alongside the entry instead of after it.
 */
export function loadPageShell(webRoot: string) {
  const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const entryChunks = new Set(collectChunks(manifest, 'index.html'));

  function preloadTags(page: string | undefined): string[] {
    if (!page) return [];
    const chunks = collectChunks(manifest, `src/web/pages/${page}.tsx`).filter((key) => !entryChunks.has(key));
    return chunks.flatMap((key) => {
      const chunk = manifest[key]!;
      return [
        `<link rel="modulepreload" crossorigin href="/${chunk.file}">`,
        ...(chunk.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ];
    });
  }

  return function render({ head, bootstrap, page }: ShellParts): string {
    const tags = [
      ...head,
      ...preloadTags(page),
      `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>`,
    ];
    return template.replace(HEAD_PLACEHOLDER, tags.join('\n    '));
  };
}

/** A chunk and everything it statically imports, depth first, each once. */
function collectChunks(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((child) => collectChunks(manifest, child, seen))];
}
