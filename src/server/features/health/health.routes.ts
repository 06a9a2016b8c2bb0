import { z } from 'zod';
import { answerOf } from '../../../shared/api-answers.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  /** With REDIS_URL only. The store keeps answering without Redis (limits and caches per instance), so it stays 200. */
  redis: z.enum(['up', 'down']).optional(),
});

export async function healthRoutes(app: ApiInstance) {
  app.get(
    '/health',
    {
      config: { servedUnderPressure: true },
      schema: {
        tags: ['Health'],
        summary: 'Whether this instance and its database answer, and whether Redis does',
        response: { 200: answerOf(healthSchema), 503: answerOf(healthSchema) },
      },
    },
    async (_request, reply) => {
      const connected = app.redisConnected();
      const redis = connected === undefined ? {} : { redis: connected ? ('up' as const) : ('down' as const) };
      try {
        await app.database.ping();
        return { message: 'OK', data: { status: 'ok', database: 'up', ...redis } as const };
      } catch {
        return reply.code(503).send({ message: 'Service Unavailable', data: { status: 'error', database: 'down', ...redis } as const });
      }
    },
  );
}
