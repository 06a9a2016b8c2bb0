import { ticketReplySchema } from '../../../shared/support.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { parseInput } from '../../platform/validation.ts';
import { readTicketForm, TICKET_FORM_DESCRIPTION } from './ticket-forms.ts';
import {
  assignConsoleTicket,
  closeConsoleTicket,
  listConsoleTickets,
  readConsoleTicket,
  reopenConsoleTicket,
  replyToConsoleTicket,
  TICKET_NOT_FOUND_MESSAGE,
} from './tickets.console.service.ts';

const tags = ['Console tickets'];
const security = SIGNED_IN;
const ticketId = (request: Parameters<typeof recordId>[0]) => recordId(request, TICKET_NOT_FOUND_MESSAGE);
const read = { permission: 'support.read' } as const;
const write = { permission: 'support.write' } as const;

/** `/api/console/tickets...`: every ticket for the store's staff, those about a seller's own shop's orders for its people (the service scopes them). */
export async function ticketConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;

  app.get(
    '/console/tickets',
    { config: read, schema: { tags, summary: 'The support queue, most recently active first, a keyset page at a time (a seller: their shop’s)', security, ...endpointSchema('GET /console/tickets') } },
    async (request) => ({ message: 'Support tickets', data: await listConsoleTickets(db, consoleIdentity(request), request.query) }),
  );

  app.get(
    '/console/tickets/:id',
    { config: read, schema: { tags, summary: 'A ticket, its conversation and whom it may be assigned to', security, ...endpointSchema('GET /console/tickets/:id') } },
    async (request) => ({ message: 'Support ticket', data: await readConsoleTicket(db, consoleIdentity(request), ticketId(request)) }),
  );

  app.post(
    '/console/tickets/:id/messages',
    {
      config: write,
      schema: { tags, summary: "The store's reply (the shopper is told live and by mail)", description: TICKET_FORM_DESCRIPTION, security, ...endpointSchema('POST /console/tickets/:id/messages') },
    },
    async (request, reply) => {
      const id = ticketId(request);
      const { fields, files } = await readTicketForm(request);
      const input = parseInput(ticketReplySchema, fields);
      const ticket = await replyToConsoleTicket(app, consoleIdentity(request), id, { input, files }, { audit: auditContext(request), log: request.log });
      return reply.code(201).send({ message: 'Reply sent successfully', data: ticket });
    },
  );

  app.post(
    '/console/tickets/:id/assign',
    { config: write, schema: { tags, summary: 'Gives the ticket to a person who answers tickets, or back to the queue', security, ...endpointSchema('POST /console/tickets/:id/assign') } },
    async (request) => ({
      message: 'Support ticket assigned',
      data: await assignConsoleTicket(app, consoleIdentity(request), ticketId(request), request.body, { audit: auditContext(request) }),
    }),
  );

  app.post(
    '/console/tickets/:id/close',
    { config: write, schema: { tags, summary: 'Closes the ticket', security, ...endpointSchema('POST /console/tickets/:id/close') } },
    async (request) => ({ message: 'Support ticket closed', data: await closeConsoleTicket(app, consoleIdentity(request), ticketId(request), { audit: auditContext(request) }) }),
  );

  app.post(
    '/console/tickets/:id/reopen',
    { config: write, schema: { tags, summary: 'Reopens a closed ticket', security, ...endpointSchema('POST /console/tickets/:id/reopen') } },
    async (request) => ({ message: 'Support ticket reopened', data: await reopenConsoleTicket(app, consoleIdentity(request), ticketId(request), { audit: auditContext(request) }) }),
  );
}
