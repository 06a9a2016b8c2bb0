import type { FastifyInstance } from 'fastify';
import type { Mail } from '../../platform/mailer.ts';

export type ProductReviewNews = { kind: 'approved' } | { kind: 'rejected'; reason: string };

/** The mail telling a seller what became of their proposed product change; null when they have no e-mail address. */
export function productReviewMail(
  app: FastifyInstance,
  author: { name: string; email: string | null },
  product: { id: number; name: string },
  appName: string,
  news: ProductReviewNews,
): Mail | null {
  if (!author.email) return null;
  const lines =
    news.kind === 'approved'
      ? [`Your change to "${product.name}" is approved: the store shows it now.`]
      : [`Your change to "${product.name}" was not approved at ${appName}. The reason:`, '', news.reason, '', 'The store keeps showing the product as it was. You may edit it in the console and submit it again.'];
  return {
    to: author.email,
    subject: `[${appName}] ${news.kind === 'approved' ? 'Your product change is approved' : 'Your product change was not approved'}`,
    text: [`Hello ${author.name},`, '', ...lines, '', `The product: ${app.config.publicUrl}/console/products/${product.id}`].join('\n'),
  };
}
