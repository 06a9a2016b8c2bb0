import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { bulkUpdateProducts } from './product-bulk.service.ts';
import { listConsoleProducts } from './product-console-list.ts';
import {
  adjustVariantStock,
  archiveProduct,
  duplicateProduct,
  PRODUCT_NOT_FOUND_MESSAGE,
  readProduct,
  VARIANT_NOT_FOUND_MESSAGE,
} from './product-editing.service.ts';
import { saveNewProduct, saveProductEdit } from './product-review.service.ts';

const tags = ['Console catalogue'];
const security = SIGNED_IN;
/** The answer to a shop's write that waits for the store's approval (decision 033). */
const SUBMITTED_MESSAGE = 'Product submitted for approval';
const productId = (request: Parameters<typeof recordId>[0]) => recordId(request, PRODUCT_NOT_FOUND_MESSAGE);

/**
 * `/api/console/products...`: the catalogue as store staff and sellers edit it. Each route names its
 * permission (`guardConsoleRoutes`); the services apply the seller's shop scope and write the audit row.
 */
export async function catalogConsoleRoutes(app: ApiInstance) {
  const writes = { db: app.database.db, caches: app.caches, events: app.events, log: app.log };

  app.get(
    '/console/products',
    {
      config: { permission: 'catalogue.read' },
      schema: { tags, summary: 'Products of every status, a keyset page at a time (a seller: their shop’s)', security, ...endpointSchema('GET /console/products') },
    },
    async (request) => ({ message: 'Products', data: await listConsoleProducts(app.database.db, consoleIdentity(request), request.query) }),
  );

  app.get(
    '/console/products/:id',
    { config: { permission: 'catalogue.read' }, schema: { tags, summary: 'A product as the editor shows it', security, ...endpointSchema('GET /console/products/:id') } },
    async (request) => ({ message: 'Product', data: { product: await readProduct(app.database.db, consoleIdentity(request), productId(request)) } }),
  );

  app.post(
    '/console/products',
    {
      config: { permission: 'catalogue.write' },
      schema: {
        tags,
        summary: 'Creates a product with its variants (starting stock enters the ledger)',
        description: 'With the `product_approval` setting on, a shop’s product meant to be `active` is saved as a draft and waits for the store’s approval (message "Product submitted for approval", `product.review`).',
        security,
        ...endpointSchema('POST /console/products'),
      },
    },
    async (request, reply) => {
      const { product, submitted } = await saveNewProduct(writes, consoleIdentity(request), request.body, auditContext(request));
      return reply.code(201).send({ message: submitted ? SUBMITTED_MESSAGE : 'Product created', data: { product } });
    },
  );

  app.patch(
    '/console/products/:id',
    {
      config: { permission: 'catalogue.write' },
      schema: {
        tags,
        summary: 'Edits a product, its translations, images and variants (not stock)',
        description: 'With the `product_approval` setting on, a shop’s edit of a product on sale (or putting one on sale) waits for the store’s approval and the product stays as it is (message "Product submitted for approval", `product.review`).',
        security,
        ...endpointSchema('PATCH /console/products/:id'),
      },
    },
    async (request) => {
      const { product, submitted } = await saveProductEdit(writes, consoleIdentity(request), productId(request), request.body, auditContext(request));
      return { message: submitted ? SUBMITTED_MESSAGE : 'Product updated', data: { product } };
    },
  );

  app.post(
    '/console/products/bulk',
    {
      config: { permission: 'catalogue.write' },
      schema: {
        tags,
        summary: 'Publishes, unpublishes, archives, moves or reprices up to 100 products at once, all or nothing (a seller: their shop’s only)',
        security,
        ...endpointSchema('POST /console/products/bulk'),
      },
    },
    async (request) => ({ message: 'Products updated', data: await bulkUpdateProducts(writes, consoleIdentity(request), request.body, auditContext(request)) }),
  );

  app.post(
    '/console/products/:id/duplicate',
    { config: { permission: 'catalogue.write' }, schema: { tags, summary: 'Copies a product into a new draft (SKUs suffixed, no stock)', security, ...endpointSchema('POST /console/products/:id/duplicate') } },
    async (request, reply) => {
      const product = await duplicateProduct(writes, consoleIdentity(request), productId(request), auditContext(request));
      return reply.code(201).send({ message: 'Product duplicated', data: { product } });
    },
  );

  app.post(
    '/console/products/:id/archive',
    { config: { permission: 'catalogue.write' }, schema: { tags, summary: 'Archives a product: it leaves the storefront, nothing is deleted', security, ...endpointSchema('POST /console/products/:id/archive') } },
    async (request) => ({ message: 'Product archived', data: { product: await archiveProduct(writes, consoleIdentity(request), productId(request), auditContext(request)) } }),
  );

  app.post(
    '/console/products/:id/variants/:variantId/stock',
    {
      config: { permission: 'catalogue.write' },
      schema: { tags, summary: "Moves a variant's stock through the ledger; never below 0", security, ...endpointSchema('POST /console/products/:id/variants/:variantId/stock') },
    },
    async (request) => {
      const variantId = recordId(request, VARIANT_NOT_FOUND_MESSAGE, 'variantId');
      const data = await adjustVariantStock(writes, consoleIdentity(request), productId(request), variantId, request.body, auditContext(request));
      return { message: 'Stock adjusted', data };
    },
  );
}
