import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (_request, reply) => {
    try {
      await app.database.ping();
      return { message: 'OK', data: { status: 'ok', database: 'up' } };
    } catch {
      return reply.code(503).send({ message: 'Service Unavailable', data: { status: 'error', database: 'down' } });
    }
  });
}
