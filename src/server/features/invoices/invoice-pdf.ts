import PDFDocument from 'pdfkit';
import { languageTagOf } from '../../../shared/constants.ts';
import type { PaymentStatus } from '../../../shared/order-statuses.ts';
import { mailWriter, moneyWriter } from '../i18n/mail-text.ts';
import { orderAddressText } from '../orders/order-address.ts';
import type { InvoiceFacts, InvoiceLine } from './invoice-facts.ts';
import { defaultFont, drawable, pdfText, registerFonts, type Alignment, type PdfText, type TextStyle } from './pdf-text.ts';
import { lineOptionsText } from '../orders/order-line-options.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;

const BODY: TextStyle = { size: 10 };
const BOLD: TextStyle = { size: 10, weight: 700 };
const SMALL: TextStyle = { size: 8.5, color: '#475569' };
const HEADING: TextStyle = { size: 8.5, weight: 700, color: '#475569' };
const LINE_GAP = 4;

const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = {
  pending: 'Unpaid',
  paid: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** The table's columns in reading order, as shares of the content width. */
const COLUMNS: ReadonlyArray<{ title: string; share: number; align: Alignment }> = [
  { title: 'Product', share: 0.4, align: 'start' },
  { title: 'SKU', share: 0.18, align: 'start' },
  { title: 'Quantity', share: 0.1, align: 'end' },
  { title: 'Unit price', share: 0.16, align: 'end' },
  { title: 'Line total', share: 0.16, align: 'end' },
];
const CELL_PADDING = 4;

function wordingOf(facts: InvoiceFacts) {
  const tag = languageTagOf(facts.locale);
  const { name, symbol } = facts.currency;
  const counts = new Intl.NumberFormat(tag);
  const percents = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 });
  // A symbol the fonts cannot draw (৳) is written as the currency's code.
  const money = moneyWriter(facts.locale, { ...facts.currency, symbol: drawable(symbol) ? symbol : ` ${name} ` });
  return {
    t: mailWriter(facts.locale),
    /** As the storefront writes a price: the amount in the order's currency, the symbol before or after the number. */
    money: (minor: number) => money(minor).trim(),
    count: (value: number) => counts.format(value),
    /** A rate in basis points as a percentage: 750 is "7.5%". */
    percent: (basisPoints: number) => percents.format(basisPoints / 10_000),
    date: (at: Date) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(at),
  };
}

type Wording = ReturnType<typeof wordingOf>;

/** Draws the invoice top to bottom; `y` is where the next thing goes. */
class InvoiceLayout {
  y = PAGE.margin;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly text: PdfText,
    private readonly rtl: boolean,
  ) {}

  /** The left edge of a box `width` wide that starts `start` points from the start side of the content. */
  left(start: number, width: number) {
    return this.rtl ? PAGE.margin + CONTENT_WIDTH - start - width : PAGE.margin + start;
  }

  /** Lines of a block in a box of the content; answers the height taken, without moving `y`. */
  block(lines: ReadonlyArray<[string, TextStyle]>, start: number, width: number, align: Alignment = 'start') {
    let y = this.y;
    for (const [line, style] of lines) {
      for (const part of this.text.wrap(line, width, style)) {
        this.text.line(part, this.left(start, width), y, width, style, align);
        y += style.size + LINE_GAP;
      }
    }
    return y - this.y;
  }

  rule(color = '#cbd5e1') {
    this.doc.moveTo(PAGE.margin, this.y).lineTo(PAGE.margin + CONTENT_WIDTH, this.y).lineWidth(0.75).strokeColor(color).stroke();
  }

  /** Starts a new page when `height` does not fit on this one; answers whether it did. */
  makeRoom(height: number) {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }
}

function drawHeader(layout: InvoiceLayout, facts: InvoiceFacts, { t, date }: Wording) {
  const half = CONTENT_WIDTH / 2;
  const storeHeight = layout.block(
    [[facts.store.name, { size: 18, weight: 700 }], [facts.store.address, SMALL], [facts.store.email, SMALL]].filter(([line]) => line !== '') as Array<[string, TextStyle]>,
    0,
    half,
  );
  const titleHeight = layout.block(
    [
      [t('Invoice'), { size: 22, weight: 700, color: '#1e3a8a' }],
      [`${t('Order number')}: ${facts.orderNumber}`, BODY],
      [`${t('Order date')}: ${date(facts.placedAt)}`, BODY],
    ],
    half,
    half,
    'end',
  );
  layout.y += Math.max(storeHeight, titleHeight) + 12;
  layout.rule();
  layout.y += 12;
}

function drawParties(layout: InvoiceLayout, facts: InvoiceFacts, { t }: Wording) {
  const width = CONTENT_WIDTH / 2 - 12;
  const { shop, customer, address } = facts;
  const present = (lines: Array<[string, TextStyle]>) => lines.filter(([line]) => line.trim() !== '');
  const sellerHeight = layout.block(present([[t('Sold by'), HEADING], [shop.name, BOLD], [shop.address, BODY], [shop.email, SMALL], [shop.phone, SMALL]]), 0, width);
  const buyerHeight = layout.block(
    present([
      [t('Customer'), HEADING],
      [customer.name, BOLD],
      [customer.email ?? '', SMALL],
      [t('Shipping Address'), HEADING],
      [address.name, BODY],
      [orderAddressText(address), BODY],
      [address.phone, SMALL],
    ]),
    CONTENT_WIDTH / 2 + 12,
    width,
  );
  layout.y += Math.max(sellerHeight, buyerHeight) + 16;
}

/** Each column's start offset and width. */
const columnBoxes = (() => {
  let start = 0;
  return COLUMNS.map((column) => {
    const box = { start: start + CELL_PADDING, width: column.share * CONTENT_WIDTH - 2 * CELL_PADDING, align: column.align };
    start += column.share * CONTENT_WIDTH;
    return box;
  });
})();

function drawTableHead(layout: InvoiceLayout, doc: PDFKit.PDFDocument, { t }: Wording) {
  doc.rect(PAGE.margin, layout.y, CONTENT_WIDTH, 20).fill('#f1f5f9');
  layout.y += 6;
  COLUMNS.forEach((column, index) => {
    const box = columnBoxes[index]!;
    layout.block([[t(column.title), HEADING]], box.start, box.width, box.align);
  });
  layout.y += 20;
}

function lineCells(line: InvoiceLine, { t, money, count }: Wording): Array<Array<[string, TextStyle]>> {
  const variant = lineOptionsText(t, line);
  return [
    [[line.name, BODY], ...(variant ? [[variant, SMALL] as [string, TextStyle]] : [])],
    [[line.sku, SMALL]],
    [[count(line.quantity), BODY]],
    [[money(line.unitPrice), BODY]],
    [[money(line.lineTotal), BOLD]],
  ];
}

function drawLines(layout: InvoiceLayout, doc: PDFKit.PDFDocument, text: PdfText, facts: InvoiceFacts, wording: Wording) {
  drawTableHead(layout, doc, wording);
  for (const line of facts.lines) {
    const cells = lineCells(line, wording);
    const height = Math.max(
      ...cells.map((cell, index) => cell.reduce((sum, [content, style]) => sum + text.wrap(content, columnBoxes[index]!.width, style).length * (style.size + LINE_GAP), 0)),
    );
    if (layout.makeRoom(height + 12)) drawTableHead(layout, doc, wording);
    cells.forEach((cell, index) => {
      const box = columnBoxes[index]!;
      layout.block(cell, box.start, box.width, box.align);
    });
    layout.y += height + 6;
    layout.rule('#e2e8f0');
    layout.y += 6;
  }
}

/** The tax with its basis (decision 054): "Tax (15% of $80.00)", or "Tax (on $80.00)" when the lines' rates differ. */
function taxLabel(facts: Pick<InvoiceFacts, 'taxRate' | 'taxableAmount'>, { t, money, percent }: Wording): string {
  const amount = money(facts.taxableAmount);
  return facts.taxRate === null ? t('Tax (on {{amount}})', { amount }) : t('Tax ({{rate}} of {{amount}})', { rate: percent(facts.taxRate), amount });
}

function drawTotals(layout: InvoiceLayout, facts: InvoiceFacts, wording: Wording) {
  const { t, money } = wording;
  const rows: Array<[string, string, TextStyle]> = [
    [t('Sub Total'), money(facts.subtotal), BODY],
    [t('Delivery Charge'), money(facts.deliveryCharge), BODY],
    [taxLabel(facts, wording), money(facts.taxAmount), BODY],
    ...(facts.couponDiscount > 0
      ? [[facts.couponCode ? `${t('Coupon Discount')} (${facts.couponCode})` : t('Coupon Discount'), `−${money(facts.couponDiscount)}`, BODY] as [string, string, TextStyle]]
      : []),
    [t('Payable Amount'), money(facts.payable), { size: 12, weight: 700 }],
  ];
  const width = CONTENT_WIDTH * 0.45;
  const start = CONTENT_WIDTH - width;
  layout.makeRoom(rows.length * 18 + 80);
  layout.y += 6;
  for (const [label, value, style] of rows) {
    layout.block([[label, style]], start, width * 0.6);
    layout.block([[value, style]], start + width * 0.6, width * 0.4, 'end');
    layout.y += style.size + 8;
  }
}

function drawPayment(layout: InvoiceLayout, facts: InvoiceFacts, { t }: Wording) {
  layout.y += 12;
  layout.rule();
  layout.y += 12;
  layout.y += layout.block(
    [
      [`${t('Payment Method')}: ${facts.paymentTitle}`, BODY],
      [`${t('Payment Status')}: ${t(PAYMENT_STATUS_WORDS[facts.paymentStatus])}`, BODY],
    ],
    0,
    CONTENT_WIDTH,
  );
  layout.y += 16;
  layout.block([[t('Thank you for your order.'), SMALL]], 0, CONTENT_WIDTH);
}

/** The order's invoice as a PDF, in the language it was placed in (right to left for Arabic and Persian). */
export async function renderInvoicePdf(facts: InvoiceFacts): Promise<Buffer> {
  const rtl = facts.direction === 'rtl';
  const wording = wordingOf(facts);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    font: defaultFont(),
    lang: languageTagOf(facts.locale),
    displayTitle: true,
    info: { Title: `${wording.t('Invoice')} ${facts.orderNumber}`, Author: facts.store.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  registerFonts(doc);
  const text = pdfText(doc, rtl ? 'rtl' : 'ltr');
  const layout = new InvoiceLayout(doc, text, rtl);
  drawHeader(layout, facts, wording);
  drawParties(layout, facts, wording);
  drawLines(layout, doc, text, facts, wording);
  drawTotals(layout, facts, wording);
  drawPayment(layout, facts, wording);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
