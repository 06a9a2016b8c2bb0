import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/constants.ts';
import type { Mail } from '../../platform/mailer.ts';
import { mailWriter } from '../i18n/mail-text.ts';
import type { StoreSettings } from '../settings/store-settings.ts';

export interface ShopOwnerContact {
  name: string;
  email: string | null;
  /** The owner's own language (`users.locale`); the store's when they have none. */
  locale: Locale | null;
}

type ShopNews = { kind: 'applied' } | { kind: 'approved' } | { kind: 'reinstated' } | { kind: 'rejected'; reason: string } | { kind: 'suspended'; reason: string };

const subjects: Record<ShopNews['kind'], string> = {
  applied: 'Your shop is waiting for approval',
  approved: 'Your shop is approved',
  reinstated: 'Your shop is open again',
  rejected: 'Your shop application was not approved',
  suspended: 'Your shop is suspended',
};

function body(write: ReturnType<typeof mailWriter>, news: ShopNews, names: { shop: string; store: string }): string[] {
  switch (news.kind) {
    case 'applied':
      return [write('Thank you for applying to sell at {{store}}. Your shop "{{shop}}" is waiting for the store\'s approval; we will write to you once it is reviewed.', names)];
    case 'approved':
      return [write('Your shop "{{shop}}" is approved: it is now open at {{store}}. Add your products in the console.', names)];
    case 'reinstated':
      return [write('Your shop "{{shop}}" is open again at {{store}}.', names)];
    case 'rejected':
      return [write('Your shop "{{shop}}" was not approved at {{store}}. The reason:', names), '', news.reason, '', write("You may change the shop's profile in the console and apply again.")];
    case 'suspended':
      return [write('Your shop "{{shop}}" is suspended at {{store}}: it and its products are hidden from the store. The reason:', names), '', news.reason];
  }
}

/**
 * The mail telling a shop's owner where their shop stands, in their language (the store's when
 * they have none); null when the owner has no e-mail address.
 */
export function shopStatusMail(app: FastifyInstance, owner: ShopOwnerContact, shopName: string, store: Pick<StoreSettings, 'app_name' | 'app_locale'>, news: ShopNews): Mail | null {
  if (!owner.email) return null;
  const write = mailWriter(owner.locale ?? store.app_locale);
  return {
    to: owner.email,
    subject: `[${store.app_name}] ${write(subjects[news.kind])}`,
    text: [
      write('Hello {{name}},', { name: owner.name }),
      '',
      ...body(write, news, { shop: shopName, store: store.app_name }),
      '',
      write('Your shop: {{url}}', { url: `${app.config.publicUrl}/shop` }),
    ].join('\n'),
  };
}
