import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { changeStoreProfile, readStoreProfile } from './store-profile.service.ts';

const tags = ['Console store profile'];
const security = SIGNED_IN;
const access = { permission: 'settings.write', storeOnly: true } as const;

/**
 * `/api/console/store-profile`: the store's name, logos, contact, footer, app and social links for
 * its owner (`settings.write`); a change is audited and reaches every page's next render.
 */
export async function storeProfileConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;

  app.get('/console/store-profile', { config: access, schema: { tags, summary: "The store's profile: name, logos, contact, footer and links", security, ...endpointSchema('GET /console/store-profile') } }, async () => ({
    message: 'Store profile',
    data: { profile: await readStoreProfile(db) },
  }));

  app.put(
    '/console/store-profile',
    { config: access, schema: { tags, summary: "Replaces the store's profile; each changed field goes into the audit log", security, ...endpointSchema('PUT /console/store-profile') } },
    async (request) => {
      await changeStoreProfile(db, request.body, auditContext(request));
      app.caches.invalidate([cacheTags.settings]);
      return { message: 'Store profile saved', data: { profile: await readStoreProfile(db) } };
    },
  );
}
