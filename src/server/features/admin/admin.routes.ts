import type { FastifyInstance } from 'fastify';
import { orderStatusChangeSchema, storeSettingsChangeSchema } from '../../../shared/admin.contract.ts';
import { orderListQuerySchema } from '../../../shared/orders.contract.ts';
import { adminTicketListQuerySchema, ticketReplySchema } from '../../../shared/support.contract.ts';
import { currentUser } from '../../platform/auth.ts';
import { parseInput } from '../../platform/validation.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { recordId } from '../payments/payments.routes.ts';
import { closeAnyTicket, listStaffTickets, readStaffThread, replyAsStaff } from '../support/staff-tickets.service.ts';
import { readTicketForm, ticketNumberOf } from '../support/ticket-forms.ts';
import { updateStoreSettings } from '../settings/settings.service.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { changeOrderStatus, listStaffOrders } from './order-operations.service.ts';
import { authenticateStaff, requireAdmin } from './staff-access.ts';

/** `/api/admin/...`: the store's operations for its admin and sellers (a seller only sees their own shop's). */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticateStaff);

  app.get('/admin/orders', async (request) => {
    const query = parseInput(orderListQuerySchema, request.query);
    return { message: 'Orders', data: await listStaffOrders(app.database.db, currentUser(request), query) };
  });

  app.post('/admin/orders/:id/status', async (request) => {
    const orderId = recordId(request, ORDER_NOT_FOUND_MESSAGE);
    const { status } = parseInput(orderStatusChangeSchema, request.body);
    const order = await changeOrderStatus(app, currentUser(request), orderId, status, request.log);
    return { message: 'Order status updated successfully', data: { order } };
  });

  app.patch('/admin/settings', { preHandler: requireAdmin }, async (request) => {
    await updateStoreSettings(app.database.db, parseInput(storeSettingsChangeSchema, request.body));
    app.caches.invalidate([cacheTags.settings]);
    return { message: 'Settings updated', data: {} };
  });

  app.get('/admin/support-tickets', async (request) => {
    const query = parseInput(adminTicketListQuerySchema, request.query);
    return { message: 'Support tickets', data: await listStaffTickets(app.database.db, currentUser(request), query) };
  });

  app.get('/admin/support-tickets/:ticket_no', async (request) => {
    const thread = await readStaffThread(app.database.db, currentUser(request), ticketNumberOf(request.params));
    return { message: 'Support ticket', data: thread };
  });

  app.post('/admin/support-tickets/:ticket_no/messages', async (request, reply) => {
    const ticketNo = ticketNumberOf(request.params);
    const { fields, files } = await readTicketForm(request);
    const input = parseInput(ticketReplySchema, fields);
    const thread = await replyAsStaff(app, currentUser(request), ticketNo, input, files, request.log);
    return reply.code(201).send({ message: 'Reply sent successfully', data: thread });
  });

  app.post('/admin/support-tickets/:ticket_no/close', { preHandler: requireAdmin }, async (request) => {
    const thread = await closeAnyTicket(app, ticketNumberOf(request.params));
    return { message: 'Support ticket closed', data: thread };
  });
}
