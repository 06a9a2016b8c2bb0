import type { FastifyInstance } from 'fastify';
import { addToCartSchema, cartLineSchema, LINE_REMOVED_MESSAGE } from '../../../shared/cart.contract.ts';
import { parseInput } from '../../platform/validation.ts';
import { addToCart, changeQuantity, readCart, removeLine } from './cart.service.ts';
import { cartOwnerForAdding, currentCartOwner, identifyCartOwner } from './guest-cart.ts';

/**
 * Spec §7 cart calls, answering the cart as it is now: a signed-in shopper's, or a visitor's guest
 * cart when the store allows guest checkout (otherwise a visitor gets 401).
 */
export async function cartRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.addHook('preHandler', identifyCartOwner);

  app.get('/carts', async (request) => ({ message: 'Cart items', data: await readCart(db, currentCartOwner(request)) }));

  app.post('/cart/store', async (request, reply) => {
    const input = parseInput(addToCartSchema, request.body);
    return { message: 'Product added to cart', data: await addToCart(db, await cartOwnerForAdding(request, reply), input) };
  });

  app.post('/cart/increment', async (request) => {
    const input = parseInput(cartLineSchema, request.body);
    const { cart } = await changeQuantity(db, currentCartOwner(request), input, 1);
    return { message: 'Product quantity increased', data: cart };
  });

  app.post('/cart/decrement', async (request) => {
    const input = parseInput(cartLineSchema, request.body);
    const { removed, cart } = await changeQuantity(db, currentCartOwner(request), input, -1);
    return { message: removed ? LINE_REMOVED_MESSAGE : 'Product quantity decreased', data: cart };
  });

  app.post('/cart/delete', async (request) => {
    const input = parseInput(cartLineSchema, request.body);
    return { message: 'Product removed from cart', data: await removeLine(db, currentCartOwner(request), input) };
  });
}
