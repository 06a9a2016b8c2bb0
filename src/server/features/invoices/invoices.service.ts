import type { Db } from '../../db/client.ts';
import type { MailAttachment } from '../../platform/mailer.ts';
import { loadInvoiceFacts, type InvoiceOf } from './invoice-facts.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/** An order's invoice as a file (`invoice-OS100042.pdf`), for a reader who may see the order. */
export async function orderInvoice(db: Db, of: InvoiceOf): Promise<MailAttachment> {
  const facts = await loadInvoiceFacts(db, of);
  return { filename: `invoice-${facts.orderNumber}.pdf`, contentType: 'application/pdf', content: await renderInvoicePdf(facts) };
}
