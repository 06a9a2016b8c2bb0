import type { FastifyInstance } from 'fastify';
import { addToCartSchema, cartLineSchema, LINE_REMOVED_MESSAGE } from '../../../shared/cart.contract.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { parseInput } from '../../platform/validation.ts';
import { addToCart, changeQuantity, readCart, removeLine } from './cart.service.ts';

/** Spec §7 cart calls; every one needs a signed-in shopper and answers the cart as it is now. */
export async function cartRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.addHook('preHandler', authenticate);

  app.get('/carts', async (request) => ({ message: 'Cart items', data: await readCart(db, currentUser(request).id) }));

  app.post('/cart/store', async (request) => {
    const input = parseInput(addToCartSchema, request.body);
    return { message: 'Product added to cart', data: await addToCart(db, currentUser(request).id, input) };
  });

  app.post('/cart/increment', async (request) => {
    const input = parseInput(cartLineSchema, request.body);
    const { cart } = await changeQuantity(db, currentUser(request).id, input, 1);
    return { message: 'Product quantity increased', data: cart };
  });

  app.post('/cart/decrement', async (request) => {
    const input = parseInput(cartLineSchema, request.body);
    const { removed, cart } = await changeQuantity(db, currentUser(request).id, input, -1);
    return { message: removed ? LINE_REMOVED_MESSAGE : 'Product quantity decreased', data: cart };
  });

  app.post('/cart/delete', async (request) => {
    const input = parseInput(cartLineSchema, request.body);
    return { message: 'Product removed from cart', data: await removeLine(db, currentUser(request).id, input) };
  });
}
