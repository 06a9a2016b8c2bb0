import { taxonomyKinds, type TaxonomyKind } from '../../../shared/taxonomy-console.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { createTaxonomy, listTaxonomy, notFoundMessage, reorderTaxonomy, setTaxonomyArchived, taxonomyRules, updateTaxonomy } from './taxonomy.service.ts';

const tags = ['Console catalogue'];
const security = SIGNED_IN;

/** Reads are for everyone with `catalogue.read`; writes change what every shop sells under: the store's staff only (`storeOnly`). */
const read = { permission: 'catalogue.read' } as const;
const write = { permission: 'catalogue.write', storeOnly: true } as const;

/**
 * `/api/console/{categories,sub-categories,brands,colors,sizes}`: the store-wide taxonomy, each kind
 * listed, created, edited, reordered, archived and restored the same way. Nothing is deleted: a
 * product keeps an archived brand, colour or category.
 */
export async function taxonomyConsoleRoutes(app: ApiInstance) {
  const writes = { db: app.database.db, caches: app.caches };
  for (const kind of taxonomyKinds) registerKind(app, writes, kind);
}

function registerKind(app: ApiInstance, writes: Parameters<typeof createTaxonomy>[0], kind: TaxonomyKind) {
  const { one, many } = taxonomyRules[kind];
  const base = `/console/${kind}`;
  const id = (request: Parameters<typeof recordId>[0]) => recordId(request, notFoundMessage(kind));
  const lower = many.toLowerCase();

  app.get(
    base,
    {
      config: read,
      schema: { tags, summary: `Every ${one.toLowerCase()}, archived ones too, in the storefront’s order`, security, ...endpointSchema(`GET /console/${kind}`) },
    },
    async (request) => {
      const { category_id: categoryId } = (request.query ?? {}) as { category_id?: number };
      return { message: many, data: { items: await listTaxonomy(app.database.db, kind, { categoryId }) } };
    },
  );

  app.post(
    base,
    { config: write, schema: { tags, summary: `Creates a ${one.toLowerCase()} (store staff only)`, security, ...endpointSchema(`POST /console/${kind}`) } },
    async (request, reply) => {
      const item = await createTaxonomy(writes, kind, request.body, auditContext(request));
      return reply.code(201).send({ message: `${one} created`, data: { item } });
    },
  );

  app.patch(
    `${base}/:id`,
    { config: write, schema: { tags, summary: `Edits a ${one.toLowerCase()} (store staff only)`, security, ...endpointSchema(`PATCH /console/${kind}/:id`) } },
    async (request) => ({ message: `${one} updated`, data: { item: await updateTaxonomy(writes, kind, id(request), request.body, auditContext(request)) } }),
  );

  app.post(
    `${base}/reorder`,
    { config: write, schema: { tags, summary: `Puts the ${lower} in a new order (store staff only)`, security, ...endpointSchema(`POST /console/${kind}/reorder`) } },
    async (request) => ({ message: `${many} reordered`, data: { items: await reorderTaxonomy(writes, kind, request.body.ids, auditContext(request)) } }),
  );

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    app.post(
      `${base}/:id/${action}`,
      {
        config: write,
        schema: {
          tags,
          summary: archived ? `Archives a ${one.toLowerCase()}: it leaves the storefront, its products keep it` : `Brings an archived ${one.toLowerCase()} back to the storefront`,
          security,
          ...endpointSchema(`POST /console/${kind}/:id/${action}`),
        },
      },
      async (request) => ({ message: `${one} ${archived ? 'archived' : 'restored'}`, data: { item: await setTaxonomyArchived(writes, kind, id(request), archived, auditContext(request)) } }),
    );
  }
}
