import { z } from 'zod';
import { orderStatusChangeSchema, staffOrderListSchema, staffOrderSummarySchema, storeSettingsChangeSchema } from '../../../shared/admin.contract.ts';
import { answerOf, noDataSchema } from '../../../shared/api-answers.ts';
import { orderListQuerySchema, recordIdParamsSchema } from '../../../shared/orders.contract.ts';
import { adminTicketListQuerySchema, staffTicketListSchema, ticketParamsSchema, ticketReplySchema, ticketThreadSchema } from '../../../shared/support.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { currentUser } from '../../platform/auth.ts';
import { formBody } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { parseInput } from '../../platform/validation.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { recordId } from '../../platform/record-id.ts';
import { closeAnyTicket, listStaffTickets, readStaffThread, replyAsStaff } from '../support/staff-tickets.service.ts';
import { readTicketForm, TICKET_FORM_DESCRIPTION, ticketNumberOf } from '../support/ticket-forms.ts';
import { changeStoreSettings } from '../settings/settings.service.ts';
import { operationsAuditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { changeOrderStatus, listStaffOrders } from './order-operations.service.ts';
import { authenticateStaff, requireAdmin } from './staff-access.ts';

const tags = ['Operations'];
/** An admin or a seller (a seller's calls only reach their own shop's records). */
const security = SIGNED_IN;
const threadAnswer = answerOf(ticketThreadSchema);

/** `/api/admin/...`: the store's operations for its admin and sellers (a seller only sees their own shop's). */
export async function adminRoutes(app: ApiInstance) {
  app.addHook('preValidation', authenticateStaff);

  app.get(
    '/admin/orders',
    { schema: { tags, summary: "Orders (a seller's own shop's)", security, querystring: orderListQuerySchema, response: { 200: answerOf(staffOrderListSchema) } } },
    async (request) => ({ message: 'Orders', data: await listStaffOrders(app.database.db, currentUser(request), request.query) }),
  );

  app.post(
    '/admin/orders/:id/status',
    {
      schema: { tags, summary: "Moves an order to its next status", security, params: recordIdParamsSchema, body: orderStatusChangeSchema, response: { 200: answerOf(z.object({ order: staffOrderSummarySchema })) } },
    },
    async (request) => {
      const orderId = recordId(request, ORDER_NOT_FOUND_MESSAGE);
      const order = await changeOrderStatus(app, currentUser(request), orderId, request.body.status, request.log);
      return { message: 'Order status updated successfully', data: { order } };
    },
  );

  app.patch(
    '/admin/settings',
    { preValidation: requireAdmin, schema: { tags, summary: 'Changes store settings (admin only), each change in the audit log', security, body: storeSettingsChangeSchema, response: { 200: answerOf(noDataSchema) } } },
    async (request) => {
      await changeStoreSettings(app.database.db, request.body, operationsAuditContext(request, currentUser(request).id));
      app.caches.invalidate([cacheTags.settings]);
      return { message: 'Settings updated', data: {} };
    },
  );

  app.get(
    '/admin/support-tickets',
    { schema: { tags, summary: "Support tickets (a seller's own shop's orders')", security, querystring: adminTicketListQuerySchema, response: { 200: answerOf(staffTicketListSchema) } } },
    async (request) => ({ message: 'Support tickets', data: await listStaffTickets(app.database.db, currentUser(request), request.query) }),
  );

  app.get('/admin/support-tickets/:ticket_no', { schema: { tags, summary: 'A ticket and its messages', security, params: ticketParamsSchema, response: { 200: threadAnswer } } }, async (request) => {
    const thread = await readStaffThread(app.database.db, currentUser(request), ticketNumberOf(request.params));
    return { message: 'Support ticket', data: thread };
  });

  app.post(
    '/admin/support-tickets/:ticket_no/messages',
    { schema: { tags, summary: "The store's reply on a ticket", security, params: ticketParamsSchema, description: TICKET_FORM_DESCRIPTION, ...formBody(ticketReplySchema), response: { 201: threadAnswer } } },
    async (request, reply) => {
      const ticketNo = ticketNumberOf(request.params);
      const { fields, files } = await readTicketForm(request);
      const input = parseInput(ticketReplySchema, fields);
      const thread = await replyAsStaff(app, currentUser(request), ticketNo, input, files, request.log);
      return reply.code(201).send({ message: 'Reply sent successfully', data: thread });
    },
  );

  app.post(
    '/admin/support-tickets/:ticket_no/close',
    { preValidation: requireAdmin, schema: { tags, summary: 'Closes a ticket (admin only)', security, params: ticketParamsSchema, response: { 200: threadAnswer } } },
    async (request) => {
      const thread = await closeAnyTicket(app, ticketNumberOf(request.params), request.log);
      return { message: 'Support ticket closed', data: thread };
    },
  );
}
