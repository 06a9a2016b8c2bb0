import type { Mail } from '../../platform/mailer.ts';
import { mailWriter, moneyWriter } from '../i18n/mail-text.ts';
import { formattersOf } from '../i18n/message-templates.ts';
import { languageTagOf } from '../../../shared/constants.ts';
import { nameIn } from '../../db/translations.ts';
import { lineOptionsText } from './order-line-options.ts';
import { orderAddressText } from './order-address.ts';
import type { NewPlacement } from './place-order.service.ts';

/**
 * The order confirmation a shopper gets after placing, in the language they placed in; amounts in
 * the currency the orders were placed in. A guest's mail links each order's page (`guestOrderUrl`
 * of its key) instead of Order History.
 */
export function orderConfirmationMail(placement: NewPlacement, guestOrderUrl: (key: string) => string): Mail | null {
  const { user, priced, orders, address, paymentTitle, currency, storeName, guestOrderKeys, locale } = placement;
  if (!user.email) return null;
  const write = mailWriter(locale);
  const money = moneyWriter(locale, currency);
  const { numbers: count } = formattersOf(languageTagOf(locale));
  const numbers = orders.map((order) => `#${order.order_number}`).join(', ');
  const sections = priced.shops.map((shop, index) => {
    const figure = (label: string, minor: number) => `  ${write(label, { amount: money(minor) })}`;
    return [
      write('Order #{{number}} from {{shop}}', { number: orders[index]!.order_number, shop: shop.shopName }),
      ...(guestOrderKeys ? [`  ${write('View your order: {{url}}', { url: guestOrderUrl(guestOrderKeys[index]!) })}`] : []),
      ...shop.lines.map((line) => {
        const options = lineOptionsText(write, { color: line.color && nameIn(line.color, locale), size: line.size && nameIn(line.size, locale) });
        return `  ${count.format(line.quantity)} × ${nameIn(line, locale)}${options ? ` (${options})` : ''} — ${money(line.lineTotal)}`;
      }),
      figure('Subtotal: {{amount}}', shop.subtotal),
      figure('Delivery: {{amount}}', shop.deliveryCharge),
      figure('Tax: {{amount}}', shop.taxAmount),
      ...(shop.discount > 0 ? [figure('Voucher discount: -{{amount}}', shop.discount)] : []),
      figure('Payable: {{amount}}', shop.payable),
    ].join('\n');
  });
  const text = [
    write('Hello {{name}},', { name: user.name }),
    '',
    write('Thank you for your order at {{store}}. We received {{numbers}}.', { store: storeName, numbers }),
    '',
    ...sections.flatMap((section) => [section, '']),
    write('Total payable: {{amount}}', { amount: money(priced.totals.payable) }),
    write('Payment: {{method}}', { method: paymentTitle }),
    write('Delivery to: {{address}}', { address: `${address.name}, ${orderAddressText(address)}` }),
    '',
    write(guestOrderKeys ? 'You can follow each order through its link above.' : 'You can follow your orders under Order History in your account.'),
  ].join('\n');
  return { to: user.email, subject: write('Your order {{numbers}} at {{store}}', { numbers, store: storeName }), text };
}
