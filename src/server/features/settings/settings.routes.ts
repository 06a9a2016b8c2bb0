import type { FastifyInstance } from 'fastify';
import { localeParamSchema, type Master } from '../../../shared/settings.contract.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { loadMessages } from '../i18n/messages.ts';
import { findLanguage, listCountries, readMaster } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance) {
  const { db } = app.database;

  // Every page asks for it (the server's render too); a settings write invalidates it (decision 022).
  const masterAnswers = app.caches.region<Master>('master', { freshMs: 60_000, staleMs: 300_000, maxBytes: 1024 * 1024, tags: [cacheTags.settings] });
  app.get('/master', async (request) => {
    const locale = requestLocale(request);
    return { message: 'Master data', data: await masterAnswers.get(locale, () => readMaster(db, app.config.appEnv, app.paymentGateways, locale)) };
  });

  // The spec reads this answer as the message map itself, so it is not wrapped in { message, data }.
  app.get('/lang/:locale', async (request, reply) => {
    const { locale } = parseInput(localeParamSchema, request.params);
    const language = await findLanguage(db, locale);
    if (!language) throw notFound('Language not found');
    reply.header('cache-control', 'public, max-age=300');
    return loadMessages(language.name);
  });

  app.get('/countries', async () => ({
    message: 'Countries',
    data: { countries: await listCountries(db) },
  }));
}
