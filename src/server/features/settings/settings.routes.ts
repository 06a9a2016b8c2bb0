import { z } from 'zod';
import { localeParamSchema } from '../../../shared/settings.contract.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { loadMessages } from '../i18n/messages.ts';
import { findLanguage, keptMaster, listCountries } from './settings.service.ts';

const tags = ['Settings'];

export async function settingsRoutes(app: ApiInstance) {
  const { db } = app.database;

  // Every page asks for it (the server's render too); a settings write invalidates it (decision 022).
  app.get('/master', { schema: { tags, summary: 'Store settings the storefront starts with', ...endpointSchema('GET /master') } }, async (request) => {
    const locale = requestLocale(request);
    return { message: 'Master data', data: await keptMaster(app, locale) };
  });

  // The spec reads this answer as the message map itself, so it is not wrapped in { message, data }.
  app.get(
    '/lang/:locale',
    {
      schema: {
        tags,
        summary: 'Every interface text in one language (the bare message map, English text to translation)',
        params: localeParamSchema,
        response: { 200: z.record(z.string(), z.string()).meta({ example: { 'Add to cart': 'أضف إلى السلة' } }) },
      },
    },
    async (request, reply) => {
      const { locale } = request.params;
      const language = await findLanguage(db, locale);
      if (!language) throw notFound('Language not found');
      reply.header('cache-control', 'public, max-age=300');
      return loadMessages(language.name);
    },
  );

  app.get('/countries', { schema: { tags, summary: 'Countries an address may be in', ...endpointSchema('GET /countries') } }, async () => ({
    message: 'Countries',
    data: { countries: await listCountries(db) },
  }));
}
