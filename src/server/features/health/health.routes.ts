import { z } from 'zod';
import { answerOf } from '../../../shared/api-answers.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });

export async function healthRoutes(app: ApiInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Whether this instance and its database answer',
        response: { 200: answerOf(healthSchema), 503: answerOf(healthSchema) },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { message: 'OK', data: { status: 'ok', database: 'up' } as const };
      } catch {
        return reply.code(503).send({ message: 'Service Unavailable', data: { status: 'error', database: 'down' } as const });
      }
    },
  );
}
