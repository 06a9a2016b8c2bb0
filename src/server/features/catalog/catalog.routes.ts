import type { FastifyInstance } from 'fastify';
import { idParamSchema, productListQuerySchema, slugOrIdParamSchema } from '../../../shared/catalog.contract.ts';
import { parseInput } from '../../platform/validation.ts';
import { findFlashSale, findShop, listShops, readHome, readProductDetails, ViewCounter } from './catalog.service.ts';
import { findCategory, listCategories } from './categories.service.ts';
import { listProducts } from './product-listing.ts';

export async function catalogRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const views = new ViewCounter(db);
  app.addHook('onClose', () => views.close());

  app.get('/home', async () => ({ message: 'Home', data: await readHome(db) }));

  app.get('/categories', async () => ({ message: 'Categories', data: { categories: await listCategories(db) } }));

  app.get('/categories/:slug', async (request) => {
    const { slug } = parseInput(slugOrIdParamSchema, request.params);
    return { message: 'Category', data: { category: await findCategory(db, slug) } };
  });

  app.get('/products', async (request) => {
    const query = parseInput(productListQuerySchema, request.query);
    return { message: 'Products', data: await listProducts(db, query) };
  });

  app.get('/products/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const product = await readProductDetails(db, id);
    views.record(id);
    return { message: 'Product details', data: { product } };
  });

  app.get('/shops', async () => ({ message: 'Shops', data: { shops: await listShops(db) } }));

  app.get('/shops/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    return { message: 'Shop details', data: { shop: await findShop(db, id) } };
  });

  app.get('/flash-sales/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const query = parseInput(productListQuerySchema, request.query);
    const flashSale = await findFlashSale(db, id);
    const list = await listProducts(db, { ...query, flash_sale_id: id });
    return { message: 'Flash sale', data: { flash_sale: flashSale, total: list.total, products: list.products } };
  });
}
