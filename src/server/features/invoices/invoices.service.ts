import type { Db } from '../../db/client.ts';
import type { MailAttachment } from '../../platform/mailer.ts';
import { loadInvoiceFacts, type InvoiceOf } from './invoice-facts.ts';

/**
 * An order's invoice as a file (`invoice-OS100042.pdf`), for a reader who may see the order. The PDF
 * libraries (pdfkit, fontkit, bidi-js) load with the first invoice drawn: held from the start they
 * would cost every server tens of megabytes of resident memory that most never use (decision 030).
 */
export async function orderInvoice(db: Db, of: InvoiceOf): Promise<MailAttachment> {
  const facts = await loadInvoiceFacts(db, of);
  const { renderInvoicePdf } = await import('./invoice-pdf.ts');
  return { filename: `invoice-${facts.orderNumber}.pdf`, contentType: 'application/pdf', content: await renderInvoicePdf(facts) };
}
