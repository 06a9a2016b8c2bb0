import type { FastifyInstance } from 'fastify';
import { listCategories } from './categories.service.ts';

export async function categoriesRoutes(app: FastifyInstance) {
  app.get('/categories', async () => ({
    message: 'Categories',
    data: { categories: await listCategories(app.database.db) },
  }));
}
