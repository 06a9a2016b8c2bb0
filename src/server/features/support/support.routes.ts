import { ticketCreateSchema, ticketReplySchema } from '../../../shared/support.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { readTicketForm, TICKET_FORM_DESCRIPTION, ticketNumberOf } from './ticket-forms.ts';
import { closeOwnTicket, listOwnTickets, openTicket, readOwnThread, replyAsShopper } from './tickets.service.ts';

const tags = ['Support'];

/** The shopper's support tickets; another shopper's ticket is not found. */
export async function supportRoutes(app: ApiInstance) {
  app.addHook('preValidation', authenticate);

  app.get(
    '/support-tickets',
    { schema: { tags, summary: "The shopper's tickets, newest first", security: SIGNED_IN, ...endpointSchema('GET /support-tickets') } },
    async (request) => ({ message: 'Support tickets', data: await listOwnTickets(app.database.db, currentUser(request).id, request.query) }),
  );

  app.post('/support-tickets', { schema: { tags, summary: 'Opens a ticket', description: TICKET_FORM_DESCRIPTION, security: SIGNED_IN, ...endpointSchema('POST /support-tickets') } }, async (request, reply) => {
    const { fields, files } = await readTicketForm(request);
    const input = parseInput(ticketCreateSchema, fields);
    const thread = await openTicket(app, currentUser(request).id, input, files, requestLocale(request));
    return reply.code(201).send({ message: 'Support ticket created successfully', data: thread });
  });

  app.get('/support-tickets/:ticket_no', { schema: { tags, summary: 'A ticket and its messages', security: SIGNED_IN, ...endpointSchema('GET /support-tickets/:ticket_no') } }, async (request) => {
    const thread = await readOwnThread(app.database.db, currentUser(request).id, ticketNumberOf(request.params));
    return { message: 'Support ticket', data: thread };
  });

  app.post(
    '/support-tickets/:ticket_no/messages',
    { schema: { tags, summary: 'Replies on a ticket', description: TICKET_FORM_DESCRIPTION, security: SIGNED_IN, ...endpointSchema('POST /support-tickets/:ticket_no/messages') } },
    async (request, reply) => {
      const ticketNo = ticketNumberOf(request.params);
      const { fields, files } = await readTicketForm(request);
      const input = parseInput(ticketReplySchema, fields);
      const thread = await replyAsShopper(app, currentUser(request).id, ticketNo, input, files);
      return reply.code(201).send({ message: 'Reply sent successfully', data: thread });
    },
  );

  app.post('/support-tickets/:ticket_no/close', { schema: { tags, summary: 'Closes a ticket', security: SIGNED_IN, ...endpointSchema('POST /support-tickets/:ticket_no/close') } }, async (request) => {
    const thread = await closeOwnTicket(app, currentUser(request).id, ticketNumberOf(request.params));
    return { message: 'Support ticket closed', data: thread };
  });
}
