import { LINE_REMOVED_MESSAGE } from '../../../shared/cart.contract.ts';
import { SIGNED_IN_OR_NOT } from '../../platform/api-documentation.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { addToCart, changeQuantity, readCart, removeLine } from './cart.service.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { cartOwnerForAdding, currentCartOwner, identifyCartOwner } from './guest-cart.ts';

/** A visitor's calls work on their guest cart (its cookie) when the store allows guest checkout. */
const documented = (summary: string) => ({ tags: ['Cart'], summary, security: SIGNED_IN_OR_NOT });

/**
 * docs/product/storefront.md §7 cart calls, answering the cart as it is now: a signed-in shopper's, or a visitor's guest
 * cart when the store allows guest checkout (otherwise a visitor gets 401).
 */
export async function cartRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', identifyCartOwner);

  app.get('/carts', { schema: { ...documented('The cart, grouped per shop'), ...endpointSchema('GET /carts') } }, async (request) => ({ message: 'Cart items', data: await readCart(db, currentCartOwner(request), requestLocale(request)) }));

  app.post('/cart/store', { schema: { ...documented('Adds a product (or more of it) to the cart'), ...endpointSchema('POST /cart/store') } }, async (request, reply) => ({
    message: 'Product added to cart',
    data: await addToCart(db, await cartOwnerForAdding(request, reply), request.body, requestLocale(request)),
  }));

  app.post('/cart/increment', { schema: { ...documented("One more of a line's product"), ...endpointSchema('POST /cart/increment') } }, async (request) => {
    const { cart } = await changeQuantity(db, currentCartOwner(request), request.body, 1, requestLocale(request));
    return { message: 'Product quantity increased', data: cart };
  });

  app.post('/cart/decrement', { schema: { ...documented("One less of a line's product; at none the line goes"), ...endpointSchema('POST /cart/decrement') } }, async (request) => {
    const { removed, cart } = await changeQuantity(db, currentCartOwner(request), request.body, -1, requestLocale(request));
    return { message: removed ? LINE_REMOVED_MESSAGE : 'Product quantity decreased', data: cart };
  });

  app.post('/cart/delete', { schema: { ...documented('Removes a line'), ...endpointSchema('POST /cart/delete') } }, async (request) => ({
    message: 'Product removed from cart',
    data: await removeLine(db, currentCartOwner(request), request.body, requestLocale(request)),
  }));
}
