import type { Mail } from '../../platform/mailer.ts';
import { orderAddressText } from './order-address.ts';
import type { NewPlacement } from './place-order.service.ts';

/**
 * The order confirmation a shopper gets after placing; amounts in the currency the orders were
 * placed in. A guest's mail links each order's page (`guestOrderUrl` of its key) instead of Order History.
 */
export function orderConfirmationMail(placement: NewPlacement, guestOrderUrl: (key: string) => string): Mail | null {
  const { user, priced, orders, address, paymentTitle, currency, storeName, guestOrderKeys } = placement;
  if (!user.email) return null;
  const money = (minor: number) => `${currency.symbol}${(Math.round(minor * currency.rate) / 100).toFixed(2)}`;
  const numbers = orders.map((order) => `#${order.order_number}`).join(', ');
  const sections = priced.shops.map((shop, index) => {
    const figure = (label: string, minor: number) => `  ${label}: ${money(minor)}`;
    return [
      `Order #${orders[index]!.order_number} from ${shop.shopName}`,
      ...(guestOrderKeys ? [`  View your order: ${guestOrderUrl(guestOrderKeys[index]!)}`] : []),
      ...shop.lines.map((line) => `  ${line.quantity} × ${line.name} — ${money(line.lineTotal)}`),
      figure('Subtotal', shop.subtotal),
      figure('Delivery', shop.deliveryCharge),
      figure('Tax', shop.taxAmount),
      ...(shop.discount > 0 ? [`  Voucher discount: -${money(shop.discount)}`] : []),
      figure('Payable', shop.payable),
    ].join('\n');
  });
  const text = [
    `Hello ${user.name},`,
    '',
    `Thank you for your order at ${storeName}. We received ${numbers}.`,
    '',
    ...sections.flatMap((section) => [section, '']),
    `Total payable: ${money(priced.totals.payable)}`,
    `Payment: ${paymentTitle}`,
    `Delivery to: ${address.name}, ${orderAddressText(address)}`,
    '',
    guestOrderKeys ? 'You can follow each order through its link above.' : 'You can follow your orders under Order History in your account.',
  ].join('\n');
  return { to: user.email, subject: `Your order ${numbers} at ${storeName}`, text };
}
