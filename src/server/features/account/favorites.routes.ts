import type { FastifyInstance } from 'fastify';
import { favoriteInputSchema } from '../../../shared/account.contract.ts';
import { productListQuerySchema } from '../../../shared/catalog.contract.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service.ts';

const pageQuerySchema = productListQuerySchema.pick({ page: true, per_page: true });

/** The wishlist; every answer carries `total`, the count the header shows. */
export async function favoriteRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.addHook('preHandler', authenticate);

  app.get('/favorite-products', async (request) => {
    const query = parseInput(pageQuerySchema, request.query);
    return { message: 'Favorite products', data: await listFavorites(db, currentUser(request).id, query, requestLocale(request)) };
  });

  app.post('/favorite-products', async (request) => {
    const { product_id } = parseInput(favoriteInputSchema, request.body);
    return { message: 'Product added to wishlist', data: { total: await addFavorite(db, currentUser(request).id, product_id) } };
  });

  app.delete('/favorite-products/:product_id', async (request) => {
    const { product_id } = parseInput(favoriteInputSchema, request.params);
    return { message: 'Product removed from wishlist', data: { total: await removeFavorite(db, currentUser(request).id, product_id) } };
  });
}
