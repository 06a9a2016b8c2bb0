import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/constants.ts';
import type { Mail } from '../../platform/mailer.ts';
import { mailWriter } from '../i18n/mail-text.ts';
import type { StoreSettings } from '../settings/store-settings.ts';

export type ProductReviewNews = { kind: 'approved' } | { kind: 'rejected'; reason: string };

/** The mail telling a seller what became of their proposed product change, in their language (the store's when they have none); null when they have no e-mail address. */
export function productReviewMail(
  app: FastifyInstance,
  author: { name: string; email: string | null; locale: Locale | null },
  product: { id: number; name: string },
  store: Pick<StoreSettings, 'app_name' | 'app_locale'>,
  news: ProductReviewNews,
): Mail | null {
  if (!author.email) return null;
  const write = mailWriter(author.locale ?? store.app_locale);
  const names = { product: product.name, store: store.app_name };
  const lines =
    news.kind === 'approved'
      ? [write('Your change to "{{product}}" is approved: the store shows it now.', names)]
      : [
          write('Your change to "{{product}}" was not approved at {{store}}. The reason:', names),
          '',
          news.reason,
          '',
          write('The store keeps showing the product as it was. You may edit it in the console and submit it again.'),
        ];
  return {
    to: author.email,
    subject: `[${store.app_name}] ${write(news.kind === 'approved' ? 'Your product change is approved' : 'Your product change was not approved')}`,
    text: [write('Hello {{name}},', { name: author.name }), '', ...lines, '', write('The product: {{url}}', { url: `${app.config.publicUrl}/console/products/${product.id}` })].join('\n'),
  };
}
