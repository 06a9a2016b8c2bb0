import sanitizeHtml from 'sanitize-html';
import { sha256 } from '../../platform/secrets.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { Caches } from '../../platform/caches.ts';
import type { Db } from '../../db/client.ts';

/** What reading posts and pages needs: the database and the cached answers. */
export interface ContentReads {
  db: Db;
  caches: Caches;
}

/**
 * The markup a post or page may carry. Everything else goes: scripts and styles with their text,
 * event-handler and style attributes, and any link or image whose address is not http(s)
 * (links may also be mailto: and tel:), so `javascript:` and `data:` URLs never reach a page.
 */
const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'blockquote', 'img', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // The page title is the page's one h1.
    h1: 'h2',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href !== undefined && { href: attribs.href }), rel: 'noopener noreferrer' },
    }),
  },
};

/** Sanitises rich text before it is stored (seed, admin). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextOptions).trim();
}

/** Translations with their rich text (`content_html`) sanitised, as the default language's is. */
export function sanitizedTranslations<Texts extends { content_html?: string | undefined }>(translations: Partial<Record<string, Texts | undefined>>): Partial<Record<string, Texts | undefined>> {
  return Object.fromEntries(
    Object.entries(translations).map(([locale, texts]) => [
      locale,
      texts && { ...texts, ...(texts.content_html !== undefined && { content_html: sanitizeRichText(texts.content_html) }) },
    ]),
  );
}

/**
 * Stored HTML is untrusted too (an older writer, a hand edit): sanitised again when served, once per
 * distinct text. Kept under the text's digest, so an edit never meets an old answer.
 */
export function servedRichText(caches: Caches, storedHtml: string): Promise<string> {
  const served = caches.region<string>('rich-text', { freshMs: 60 * 60_000, maxBytes: 4 * 1024 * 1024, tags: [cacheTags.content] });
  return served.get(sha256(storedHtml), async () => sanitizeRichText(storedHtml));
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The words of rich text without its markup, for a page description. */
export function plainText(html: string): string {
  // A space after each block, so "<p>One</p><p>Two</p>" reads "One Two".
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}
