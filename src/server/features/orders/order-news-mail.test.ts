import { describe, expect, it } from 'vitest';
import { orderNewsMail, type OrderMailFacts } from './order-news-mail.ts';

const store = { appName: 'Open Store', publicUrl: 'https://store.example' };
const order: OrderMailFacts = { id: 7, orderNumber: 'A-1007', userId: 3, customerName: 'Ada', customerEmail: 'ada@example.test', shopName: 'Glow', locale: 'en' };

describe('the mail about what the store did with an order', () => {
  it("leads an account's shopper to the order in their order history", () => {
    const mail = orderNewsMail(order, { kind: 'status', status: 'processing' }, store);
    expect(mail?.text).toContain('Follow your order at https://store.example/order-history/7');
  });

  it('leads a guest, whose order link may have run out, to the page that finds the order by e-mail and number', () => {
    const guest = { ...order, userId: null };
    expect(orderNewsMail(guest, { kind: 'status', status: 'processing' }, store)?.text).toContain(
      'Follow your order through the link in your order confirmation; if it has run out, find your order at https://store.example/orders/guest with your e-mail address and order number.',
    );
    expect(orderNewsMail({ ...guest, locale: 'ar' }, { kind: 'status', status: 'processing' }, store)?.text).toContain('https://store.example/orders/guest ببريدك الإلكتروني ورقم الطلب');
  });
});
