import { SIGNED_IN_OR_NOT } from '../../platform/api-documentation.ts';
import { identifyUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { enforceIpRateLimit } from '../../platform/rate-limiter.ts';
import { CONTACT_RATE_RULE, receiveContactMessage } from './contact.service.ts';

export async function contactRoutes(app: ApiInstance) {
  app.post(
    '/contact',
    {
      preValidation: identifyUser,
      schema: { tags: ['Content'], summary: 'A message to the store (contact form)', security: SIGNED_IN_OR_NOT, ...endpointSchema('POST /contact') },
    },
    async (request, reply) => {
      // Counted after validation: a shopper correcting a field is not held back, and a refused form costs nothing.
      await enforceIpRateLimit(app, 'contact', request.ip, CONTACT_RATE_RULE);
      await receiveContactMessage(
        { db: app.database.db, mailer: app.mailer, clock: app.clock, log: request.log },
        request.body,
        { ip: request.ip, userId: request.user?.id },
      );
      return reply.code(201).send({ message: 'Thank you for contacting us. We will get back to you soon.', data: {} });
    },
  );
}
