import { consoleSettingsSchema, type ConsoleSettings } from '../../../shared/settings-console.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { changeLanguage, listConsoleLanguages } from './languages.service.ts';
import { changeStoreSettings, readStoreSettings } from './settings.service.ts';

const tags = ['Console settings'];
const security = SIGNED_IN;
const access = { permission: 'settings.write', storeOnly: true } as const;

/**
 * `/api/console/settings` and `/api/console/languages`: the store's settings and the storefront's languages for its
 * owner (or whoever holds `settings.write`), every change audited and every instance's cached answers dropped.
 */
export async function settingsConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const current = async (): Promise<ConsoleSettings> => consoleSettingsSchema.parse(await readStoreSettings(db));

  app.get('/console/settings', { config: access, schema: { tags, summary: 'The store settings the console changes', security, ...endpointSchema('GET /console/settings') } }, async () => ({
    message: 'Settings',
    data: { settings: await current() },
  }));

  app.patch(
    '/console/settings',
    { config: access, schema: { tags, summary: 'Changes store settings; each changed setting goes into the audit log', security, ...endpointSchema('PATCH /console/settings') } },
    async (request) => {
      await changeStoreSettings(db, request.body, auditContext(request));
      app.caches.invalidate([cacheTags.settings]);
      return { message: 'Settings updated', data: { settings: await current() } };
    },
  );

  app.get('/console/languages', { config: access, schema: { tags, summary: 'The languages the storefront ships messages for, enabled or not, and the default', security, ...endpointSchema('GET /console/languages') } }, async () => ({
    message: 'Languages',
    data: { languages: await listConsoleLanguages(db) },
  }));

  app.patch(
    '/console/languages',
    { config: access, schema: { tags, summary: 'Enables or disables a language, or makes it the default; the default is never disabled', security, ...endpointSchema('PATCH /console/languages') } },
    async (request) => {
      await changeLanguage(db, request.body, auditContext(request));
      app.caches.invalidate([cacheTags.settings]);
      return { message: 'Languages updated', data: { languages: await listConsoleLanguages(db) } };
    },
  );
}
