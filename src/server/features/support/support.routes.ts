import type { FastifyInstance } from 'fastify';
import { ticketCreateSchema, ticketListQuerySchema, ticketReplySchema } from '../../../shared/support.contract.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { parseInput } from '../../platform/validation.ts';
import { readTicketForm, ticketNumberOf } from './ticket-forms.ts';
import { closeOwnTicket, listOwnTickets, openTicket, readOwnThread, replyAsShopper } from './tickets.service.ts';

/** The shopper's support tickets; another shopper's ticket is not found. */
export async function supportRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get('/support-tickets', async (request) => {
    const query = parseInput(ticketListQuerySchema, request.query);
    return { message: 'Support tickets', data: await listOwnTickets(app.database.db, currentUser(request).id, query) };
  });

  app.post('/support-tickets', async (request, reply) => {
    const { fields, files } = await readTicketForm(request);
    const input = parseInput(ticketCreateSchema, fields);
    const thread = await openTicket(app, currentUser(request).id, input, files);
    return reply.code(201).send({ message: 'Support ticket created successfully', data: thread });
  });

  app.get('/support-tickets/:ticket_no', async (request) => {
    const thread = await readOwnThread(app.database.db, currentUser(request).id, ticketNumberOf(request.params));
    return { message: 'Support ticket', data: thread };
  });

  app.post('/support-tickets/:ticket_no/messages', async (request, reply) => {
    const ticketNo = ticketNumberOf(request.params);
    const { fields, files } = await readTicketForm(request);
    const input = parseInput(ticketReplySchema, fields);
    const thread = await replyAsShopper(app, currentUser(request).id, ticketNo, input, files);
    return reply.code(201).send({ message: 'Reply sent successfully', data: thread });
  });

  app.post('/support-tickets/:ticket_no/close', async (request) => {
    const thread = await closeOwnTicket(app, currentUser(request).id, ticketNumberOf(request.params));
    return { message: 'Support ticket closed', data: thread };
  });
}
