import type { FastifyInstance } from 'fastify';
import { contactInputSchema } from '../../../shared/content.contract.ts';
import { identifyUser } from '../../platform/auth.ts';
import { enforceIpRateLimit } from '../../platform/rate-limiter.ts';
import { parseInput } from '../../platform/validation.ts';
import { CONTACT_RATE_RULE, receiveContactMessage } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance) {
  app.post('/contact', { preHandler: identifyUser }, async (request, reply) => {
    const message = parseInput(contactInputSchema, request.body);
    // Counted after validation: a shopper correcting a field is not held back, and a refused form costs nothing.
    await enforceIpRateLimit(app, 'contact', request.ip, CONTACT_RATE_RULE);
    await receiveContactMessage(
      { db: app.database.db, mailer: app.mailer, clock: app.clock, log: request.log },
      message,
      { ip: request.ip, userId: request.user?.id },
    );
    return reply.code(201).send({ message: 'Thank you for contacting us. We will get back to you soon.', data: {} });
  });
}
