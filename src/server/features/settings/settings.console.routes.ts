import { consoleSettingsSchema, type ConsoleSettings } from '../../../shared/settings-console.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { changeStoreSettings, readStoreSettings } from './settings.service.ts';

const tags = ['Console settings'];
const security = SIGNED_IN;
const access = { permission: 'settings.write', storeOnly: true } as const;

/** `/api/console/settings`: the store's settings for its owner (or whoever holds `settings.write`), every change audited. */
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
}
