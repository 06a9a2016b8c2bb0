import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { startSession } from '../auth/session.ts';
import { sessionHeadersSchema } from '../auth/auth.routes.ts';
import { readMyShop, registerShop } from './shop-registration.service.ts';

const tags = ['Sellers'];

/** A seller's application (multi-vendor mode): the shop and, for a visitor, the account, in one step. */
export async function shopRegistrationRoutes(app: ApiInstance) {
  app.post(
    '/shop-registrations',
    {
      schema: {
        tags,
        summary: 'Applies to sell: a pending shop, owned by the signed-in shopper or by a new account',
        description:
          'multipart/form-data with `logo` and `banner` pictures. A visitor also sends `name`, `email` and `password` and is signed in. 403 in a single-vendor store or with the `seller_registration` setting off.',
        headers: sessionHeadersSchema,
        ...endpointSchema('POST /shop-registrations'),
      },
    },
    async (request, reply) => {
      const { owner, shop, newAccount } = await registerShop(app, request);
      const session = newAccount ? await startSession(request, reply, owner) : null;
      return reply.code(201).send({ message: 'Your shop is waiting for approval', data: { shop, session } });
    },
  );

  app.get(
    '/shop-registrations/current',
    { preValidation: authenticate, schema: { tags, summary: "The signed-in person's shop and whether they may open the console", security: SIGNED_IN, ...endpointSchema('GET /shop-registrations/current') } },
    async (request) => ({ message: 'Your shop', data: await readMyShop(app.database.db, currentUser(request).id) }),
  );
}
