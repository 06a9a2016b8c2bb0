import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import {
  BANNER_NOT_FOUND,
  createBanner,
  homePreviewLink,
  listConsoleBanners,
  publishHomeLayout,
  readConsoleBanner,
  readConsoleHomeLayout,
  reorderBanners,
  saveHomeLayoutDraft,
  updateBanner,
} from './home-content.service.ts';

const tags = ['Console content'];
const security = SIGNED_IN;
/** The store's home page: its content editors and owner, never a shop's people. */
const config = { permission: 'content.write', storeOnly: true } as const;

/**
 * `/api/console/banners` and `/api/console/home-layout`: the home page's banners (nothing is deleted:
 * a banner is switched off) and its sections, a draft previewed and then published. Every banner
 * write and every publish shows on the storefront at the next request.
 */
export async function homeContentConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const now = () => app.clock.now();
  const writes = { db, caches: app.caches, now };

  app.get(
    '/console/banners',
    { config, schema: { tags, summary: 'Every home banner in the home page’s order, by status and title', security, ...endpointSchema('GET /console/banners') } },
    async (request) => ({ message: 'Banners', data: { banners: await listConsoleBanners(db, request.query, now()) } }),
  );

  app.post(
    '/console/banners',
    { config, schema: { tags, summary: 'Adds a banner after the last one', security, ...endpointSchema('POST /console/banners') } },
    async (request, reply) => reply.code(201).send({ message: 'Banner created', data: { banner: await createBanner(writes, request.body, auditContext(request)) } }),
  );

  app.get(
    '/console/banners/:id',
    { config, schema: { tags, summary: 'A banner with its translations', security, ...endpointSchema('GET /console/banners/:id') } },
    async (request) => ({ message: 'Banner', data: { banner: await readConsoleBanner(db, recordId(request, BANNER_NOT_FOUND), now()) } }),
  );

  app.patch(
    '/console/banners/:id',
    { config, schema: { tags, summary: 'Edits, schedules or switches off a banner', security, ...endpointSchema('PATCH /console/banners/:id') } },
    async (request) => ({ message: 'Banner updated', data: { banner: await updateBanner(writes, recordId(request, BANNER_NOT_FOUND), request.body, auditContext(request)) } }),
  );

  app.post(
    '/console/banners/reorder',
    { config, schema: { tags, summary: 'Puts the banners in a new order', security, ...endpointSchema('POST /console/banners/reorder') } },
    async (request) => ({ message: 'Banners reordered', data: { banners: await reorderBanners(writes, request.body.ids, auditContext(request)) } }),
  );

  app.get(
    '/console/home-layout',
    { config, schema: { tags, summary: 'The home page’s sections: the draft and what the storefront shows', security, ...endpointSchema('GET /console/home-layout') } },
    async () => ({ message: 'Home layout', data: await readConsoleHomeLayout(db) }),
  );

  app.put(
    '/console/home-layout',
    { config, schema: { tags, summary: 'Changes the draft of the home page’s sections', security, ...endpointSchema('PUT /console/home-layout') } },
    async (request) => ({ message: 'Draft saved', data: await saveHomeLayoutDraft(db, request.body, auditContext(request)) }),
  );

  app.post(
    '/console/home-layout/publish',
    { config, schema: { tags, summary: 'The draft becomes the storefront’s home page', security, ...endpointSchema('POST /console/home-layout/publish') } },
    async (request) => ({ message: 'The home page is live', data: await publishHomeLayout(writes, auditContext(request)) }),
  );

  app.post(
    '/console/home-layout/preview-link',
    { config, schema: { tags, summary: 'A link to the storefront’s home with the draft, that works for an hour', security, ...endpointSchema('POST /console/home-layout/preview-link') } },
    async () => ({ message: 'Preview link', data: homePreviewLink(app.linkSigner, now()) }),
  );
}
