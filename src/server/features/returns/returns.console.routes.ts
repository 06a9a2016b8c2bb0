import type { FastifyRequest } from 'fastify';
import { RETURN_NOT_FOUND_MESSAGE } from '../../../shared/returns.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { idempotencyKeyOf } from '../orders/orders.routes.ts';
import { readOrderRefunds, refundOrder } from './refunds.service.ts';
import { approveReturn, listConsoleReturns, readConsoleReturn, receiveReturn, rejectReturn } from './returns-console.service.ts';

const tags = ['Console returns'];
const security = SIGNED_IN;
const returnId = (request: FastifyRequest) => recordId(request, RETURN_NOT_FOUND_MESSAGE);
const orderId = (request: FastifyRequest) => recordId(request, ORDER_NOT_FOUND_MESSAGE);

/** `/api/console/returns...` and an order's refunds: every shop's for the store's staff, a seller's own shop's for its people (the services scope them). */
export async function returnConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;

  app.get(
    '/console/returns',
    { config: { permission: 'orders.read' }, schema: { tags, summary: 'Returns newest first, a keyset page at a time, optionally of one status', security, ...endpointSchema('GET /console/returns') } },
    async (request) => ({ message: 'Returns', data: await listConsoleReturns(db, consoleIdentity(request), request.query) }),
  );

  app.get(
    '/console/returns/:id',
    { config: { permission: 'orders.read' }, schema: { tags, summary: 'A return with its lines, pictures and refunds', security, ...endpointSchema('GET /console/returns/:id') } },
    async (request) => ({ message: 'Return', data: { return: await readConsoleReturn(db, consoleIdentity(request), returnId(request)) } }),
  );

  app.post(
    '/console/returns/:id/approve',
    { config: { permission: 'orders.write' }, schema: { tags, summary: 'Approves a requested return; the shopper is mailed the instructions', security, ...endpointSchema('POST /console/returns/:id/approve') } },
    async (request) => {
      const answer = await approveReturn(app, consoleIdentity(request), returnId(request), request.body.instructions, auditContext(request));
      return { message: 'Return approved', data: { return: answer } };
    },
  );

  app.post(
    '/console/returns/:id/reject',
    { config: { permission: 'orders.write' }, schema: { tags, summary: 'Rejects a requested return; the shopper is mailed the reason', security, ...endpointSchema('POST /console/returns/:id/reject') } },
    async (request) => {
      const answer = await rejectReturn(app, consoleIdentity(request), returnId(request), request.body.reason, auditContext(request));
      return { message: 'Return rejected', data: { return: answer } };
    },
  );

  app.post(
    '/console/returns/:id/receive',
    {
      config: { permission: 'orders.write' },
      schema: { tags, summary: 'Marks an approved return received, each line put back in stock or not', security, ...endpointSchema('POST /console/returns/:id/receive') },
    },
    async (request) => {
      const answer = await receiveReturn(app, consoleIdentity(request), returnId(request), request.body, auditContext(request));
      return { message: 'Return marked as received', data: { return: answer } };
    },
  );

  app.get(
    '/console/orders/:id/refunds',
    { config: { permission: 'orders.read' }, schema: { tags, summary: "An order's refunds and what may still be refunded", security, ...endpointSchema('GET /console/orders/:id/refunds') } },
    async (request) => ({ message: 'Refunds', data: await readOrderRefunds(db, consoleIdentity(request), orderId(request)) }),
  );

  app.post(
    '/console/orders/:id/refunds',
    {
      config: { permission: 'orders.write' },
      schema: {
        tags,
        summary: 'Refunds lines, a received return or an amount (never more than was paid); card payments through their gateway',
        description: 'Takes an `Idempotency-Key` header: a retry with the same key answers the same refund instead of making another.',
        security,
        ...endpointSchema('POST /console/orders/:id/refunds'),
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const answer = await refundOrder(app, consoleIdentity(request), orderId(request), { input: request.body, key, audit: auditContext(request), log: request.log });
      return reply.code(201).send({ message: 'Refund made', data: answer });
    },
  );
}
