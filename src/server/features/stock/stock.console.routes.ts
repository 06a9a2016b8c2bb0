import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { PRODUCT_NOT_FOUND_MESSAGE, VARIANT_NOT_FOUND_MESSAGE } from '../catalog/product-editing.service.ts';
import { listStock, listStockMovements } from './stock-console.service.ts';

const tags = ['Console catalogue'];
const security = SIGNED_IN;

/**
 * The console's stock screen: variants by stock (`low_stock` against the store's threshold) and each
 * variant's stock ledger. Stock is moved by `POST /api/console/products/{id}/variants/{variantId}/stock`.
 */
export async function stockConsoleRoutes(app: ApiInstance) {
  app.get(
    '/console/stock',
    {
      config: { permission: 'catalogue.read' },
      schema: { tags, summary: 'Variants, lowest stock first, a keyset page at a time (a seller: their shop’s)', security, ...endpointSchema('GET /console/stock') },
    },
    async (request) => ({ message: 'Stock', data: await listStock(app.database.db, app.caches, consoleIdentity(request), request.query, requestLocale(request)) }),
  );

  app.get(
    '/console/products/:id/variants/:variantId/movements',
    {
      config: { permission: 'catalogue.read' },
      schema: { tags, summary: "A variant's stock ledger, newest first, with who moved it, why and the stock it left", security, ...endpointSchema('GET /console/products/:id/variants/:variantId/movements') },
    },
    async (request) => {
      const productId = recordId(request, PRODUCT_NOT_FOUND_MESSAGE);
      const variantId = recordId(request, VARIANT_NOT_FOUND_MESSAGE, 'variantId');
      return { message: 'Stock movements', data: await listStockMovements(app.database.db, consoleIdentity(request), productId, variantId, request.query) };
    },
  );
}
