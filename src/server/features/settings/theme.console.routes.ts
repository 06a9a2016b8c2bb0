import { readableThemeChangeSchema } from '../../../shared/theme-readability.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { parseInput } from '../../platform/validation.ts';
import { changeStoreSettings, readStoreSettings } from './settings.service.ts';

const tags = ['Console theme'];
const security = SIGNED_IN;
const access = { permission: 'settings.write', storeOnly: true } as const;

/**
 * `/api/console/theme`: the storefront's colours for the store's owner (`settings.write`). A theme
 * whose text would be unreadable (WCAG AA) is refused with the shade at fault; a change is audited
 * and reaches every page's next render (the settings caches are dropped on every instance).
 */
export async function themeConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const current = async () => ({ theme_colors: (await readStoreSettings(db)).theme_colors });

  app.get('/console/theme', { config: access, schema: { tags, summary: "The storefront's theme colours", security, ...endpointSchema('GET /console/theme') } }, async () => ({
    message: 'Theme',
    data: await current(),
  }));

  app.put(
    '/console/theme',
    {
      config: access,
      schema: { tags, summary: 'Changes the theme colours; text on them must keep a WCAG AA contrast', security, ...endpointSchema('PUT /console/theme') },
    },
    async (request) => {
      const { theme_colors } = parseInput(readableThemeChangeSchema, request.body);
      await changeStoreSettings(db, { theme_colors }, auditContext(request));
      app.caches.invalidate([cacheTags.settings]);
      return { message: 'Theme saved', data: await current() };
    },
  );
}
