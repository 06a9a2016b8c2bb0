import type { FastifyInstance } from 'fastify';
import { localeParamSchema } from '../../../shared/settings.contract.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { loadMessages } from '../i18n/messages.ts';
import { findLanguage, listCountries, readMaster } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/master', async (request) => ({
    message: 'Master data',
    data: await readMaster(db, app.config.appEnv, app.paymentGateways, requestLocale(request)),
  }));

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
