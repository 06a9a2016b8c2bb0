import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { guestOrderParamsSchema, recordIdParamsSchema } from '../../../shared/orders.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { consoleIdentity, shopScope } from '../../platform/console-access.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import type { MailAttachment } from '../../platform/mailer.ts';
import { recordId } from '../../platform/record-id.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { openGuestOrderLink } from '../orders/guest-order-links.ts';
import { guestOrderKeyOf } from '../orders/orders.service.ts';
import { orderInvoice } from './invoices.service.ts';

const pdfAnswer = { 200: { description: 'The invoice as a PDF download', content: { 'application/pdf': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } } } };
const schema = (tags: string[], summary: string) => ({ tags, summary, security: SIGNED_IN, params: recordIdParamsSchema, response: pdfAnswer });

const download = (reply: FastifyReply, invoice: MailAttachment) =>
  reply.type(invoice.contentType).header('content-disposition', `attachment; filename="${invoice.filename}"`).header('cache-control', 'private, no-store').send(invoice.content);

/**
 * An order's PDF invoice (decision 038): for the shopper who placed it, a guest through their order's
 * link, and in the console for the store's staff (every order) and a shop's people (their shop's
 * orders; another's is not found).
 */
export async function invoiceRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.get(
    '/orders/:id/invoice',
    { preValidation: authenticate, schema: schema(['Orders'], "The shopper's invoice of their order") },
    async (request, reply) => download(reply, await orderInvoice(db, { orderId: recordId(request, ORDER_NOT_FOUND_MESSAGE), userId: currentUser(request).id })),
  );
  // A guest's order link (its key) is what lets them read the order, and so its invoice.
  app.get('/guest-orders/:key/invoice', { schema: { tags: ['Orders'], summary: "A guest's invoice, by the key of their order's link", params: guestOrderParamsSchema, response: pdfAnswer } }, async (request, reply) => {
    const guestOrderId = await openGuestOrderLink(db, guestOrderKeyOf(request.params), app.clock.now());
    return download(reply, await orderInvoice(db, { guestOrderId }));
  });
  app.get(
    '/console/orders/:id/invoice',
    { config: { permission: 'orders.read' }, schema: schema(['Console orders'], "An order's invoice (a seller: their shop's orders)") },
    async (request, reply) => download(reply, await orderInvoice(db, { orderId: recordId(request, ORDER_NOT_FOUND_MESSAGE), shopId: shopScope(consoleIdentity(request)) })),
  );
}
