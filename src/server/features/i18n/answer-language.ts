import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/constants.ts';
import type { FieldErrors } from '../../platform/errors.ts';
import { translateFilledMessage } from './message-templates.ts';
import { loadMessages } from './messages.ts';

/** The locale named first in the request's language header (docs/product/storefront.md §7), when it is one we speak. */
export function spokenLocale(request: FastifyRequest): Locale | undefined {
  const tag = request.headers['accept-language']?.split(',')[0]?.split(/[-;]/)[0]?.trim().toLowerCase();
  return LOCALES.find((locale) => locale === tag);
}

/** The locale the storefront asked for in its language header, English when it named none we speak. */
export const requestLocale = (request: FastifyRequest): Locale => spokenLocale(request) ?? DEFAULT_LOCALE;

/**
 * docs/design.md §4: the language header picks the language of API messages. Every JSON answer's
 * `message` (and field errors) is looked up in the locale's texts, a message with a number or a name
 * inside through its template (message-templates.ts); unknown texts stay as they are.
 * English answers go out untouched: English texts are the keys.
 */
export function translateAnswers(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || !('message' in payload) || typeof payload.message !== 'string') return payload;
    const locale = requestLocale(request);
    if (locale === DEFAULT_LOCALE) return payload;
    const messages = loadMessages(locale);
    const translate = (text: string) => messages[text] ?? translateFilledMessage(text, locale, messages) ?? text;
    const answer = payload as { message: string; errors?: FieldErrors };
    return {
      ...answer,
      message: translate(answer.message),
      ...(answer.errors && {
        errors: Object.fromEntries(Object.entries(answer.errors).map(([field, texts]) => [field, texts.map(translate)])),
      }),
    };
  });
}
