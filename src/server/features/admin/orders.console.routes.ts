import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { listConsoleOrders } from './order-console-list.ts';
import { changeConsoleOrderStatus, consoleMover, readConsoleOrder } from './order-console.service.ts';
import { correctShipment, markOrderPaid, SHIPMENT_NOT_FOUND_MESSAGE, shipOrder } from './order-fulfilment.service.ts';
import { cancelOrderWithReason } from './order-operations.service.ts';

const tags = ['Console orders'];
const security = SIGNED_IN;
const orderId = (request: Parameters<typeof recordId>[0]) => recordId(request, ORDER_NOT_FOUND_MESSAGE);

/** `/api/console/orders...`: every shop's orders for the store's staff, a seller's own shop's for its people (the services scope them). */
export async function orderConsoleRoutes(app: ApiInstance) {
  app.get(
    '/console/orders',
    {
      config: { permission: 'orders.read' },
      schema: { tags, summary: 'Orders newest first, a keyset page at a time, with the status tabs’ counts (a seller: their shop’s)', security, ...endpointSchema('GET /console/orders') },
    },
    async (request) => ({ message: 'Orders', data: await listConsoleOrders(app.database.db, consoleIdentity(request), request.query) }),
  );

  app.get(
    '/console/orders/:id',
    { config: { permission: 'orders.read' }, schema: { tags, summary: 'An order with its lines, customer, payment and timeline', security, ...endpointSchema('GET /console/orders/:id') } },
    async (request) => ({ message: 'Order', data: { order: await readConsoleOrder(app.database.db, consoleIdentity(request), orderId(request), requestLocale(request)) } }),
  );

  app.post(
    '/console/orders/:id/status',
    {
      config: { permission: 'orders.write' },
      schema: { tags, summary: 'Moves an order to a status the transition table allows next (the shopper is mailed and told live)', security, ...endpointSchema('POST /console/orders/:id/status') },
    },
    async (request) => {
      const order = await changeConsoleOrderStatus(app, consoleIdentity(request), orderId(request), request.body.status, { audit: auditContext(request), log: request.log, locale: requestLocale(request) });
      return { message: 'Order status updated successfully', data: { order } };
    },
  );

  app.post(
    '/console/orders/:id/shipments',
    {
      config: { permission: 'orders.write' },
      schema: {
        tags,
        summary: 'Ships some or all of the units not yet shipped, with carrier, tracking number and link; the last units move the order on to "on the way" (the shopper is mailed and told live)',
        security,
        ...endpointSchema('POST /console/orders/:id/shipments'),
      },
    },
    async (request, reply) => {
      const identity = consoleIdentity(request);
      const id = orderId(request);
      await shipOrder(app, consoleMover(identity, auditContext(request)), id, request.body, request.log);
      return reply.code(201).send({ message: 'Shipment saved', data: { order: await readConsoleOrder(app.database.db, identity, id, requestLocale(request)) } });
    },
  );

  app.patch(
    '/console/orders/:id/shipments/:shipmentId',
    {
      config: { permission: 'orders.write' },
      schema: {
        tags,
        summary: 'Corrects a parcel’s carrier, tracking number and link while the order is on its way (the shopper is mailed the new tracking and told live)',
        security,
        ...endpointSchema('PATCH /console/orders/:id/shipments/:shipmentId'),
      },
    },
    async (request) => {
      const identity = consoleIdentity(request);
      const id = orderId(request);
      const shipmentId = recordId(request, SHIPMENT_NOT_FOUND_MESSAGE, 'shipmentId');
      await correctShipment(app, consoleMover(identity, auditContext(request)), { orderId: id, shipmentId }, request.body, request.log);
      return { message: 'Shipment updated', data: { order: await readConsoleOrder(app.database.db, identity, id, requestLocale(request)) } };
    },
  );

  app.post(
    '/console/orders/:id/cancel',
    {
      config: { permission: 'orders.write' },
      schema: { tags, summary: 'Cancels an order not yet delivered, with the reason the shopper is told; its stock and voucher use are given back once', security, ...endpointSchema('POST /console/orders/:id/cancel') },
    },
    async (request) => {
      const identity = consoleIdentity(request);
      const id = orderId(request);
      await cancelOrderWithReason(app, consoleMover(identity, auditContext(request)), id, request.body.reason, request.log);
      return { message: 'Order cancelled successfully', data: { order: await readConsoleOrder(app.database.db, identity, id, requestLocale(request)) } };
    },
  );

  app.post(
    '/console/orders/:id/mark-paid',
    {
      config: { permission: 'orders.write' },
      schema: { tags, summary: 'Records that a cash-on-delivery order’s cash was collected', security, ...endpointSchema('POST /console/orders/:id/mark-paid') },
    },
    async (request) => {
      const identity = consoleIdentity(request);
      const id = orderId(request);
      await markOrderPaid(app, consoleMover(identity, auditContext(request)), id, request.log);
      return { message: 'Order marked as paid', data: { order: await readConsoleOrder(app.database.db, identity, id, requestLocale(request)) } };
    },
  );
}
