import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service.ts';

const tags = ['Account'];

/** The wishlist; every answer carries `total`, the count the header shows. */
export async function favoriteRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', authenticate);

  app.get(
    '/favorite-products',
    { schema: { tags, summary: 'The wishlist, newest first', security: SIGNED_IN, ...endpointSchema('GET /favorite-products') } },
    async (request) => ({ message: 'Favorite products', data: await listFavorites(db, currentUser(request).id, request.query, requestLocale(request)) }),
  );

  app.post(
    '/favorite-products',
    { schema: { tags, summary: 'Adds a product to the wishlist', security: SIGNED_IN, ...endpointSchema('POST /favorite-products') } },
    async (request) => ({ message: 'Product added to wishlist', data: { total: await addFavorite(db, currentUser(request).id, request.body.product_id) } }),
  );

  app.delete(
    '/favorite-products/:product_id',
    { schema: { tags, summary: 'Removes a product from the wishlist', security: SIGNED_IN, ...endpointSchema('DELETE /favorite-products/:product_id') } },
    async (request) => ({ message: 'Product removed from wishlist', data: { total: await removeFavorite(db, currentUser(request).id, request.params.product_id) } }),
  );
}
