import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { consoleMembers, currencies, users } from '../../db/schema.ts';
import type { Mail } from '../../platform/mailer.ts';
import { mailWriter, moneyWriter } from '../i18n/mail-text.ts';
import type { StoreSettings } from '../settings/store-settings.ts';

export type WithdrawalNews = { kind: 'withdrawal_requested' } | { kind: 'withdrawal_paid'; reference: string } | { kind: 'withdrawal_rejected'; reason: string };

export interface MailedWithdrawal {
  id: number;
  shopId: number;
  shop: string;
  /** Minor units of the store's default currency. */
  amount: number;
}

const subjects: Record<WithdrawalNews['kind'], string> = {
  withdrawal_requested: 'A shop asks for a withdrawal',
  withdrawal_paid: 'Your withdrawal is paid',
  withdrawal_rejected: 'Your withdrawal was not approved',
};

function body(write: ReturnType<typeof mailWriter>, news: WithdrawalNews, names: { shop: string; amount: string; store: string }): string[] {
  switch (news.kind) {
    case 'withdrawal_requested':
      return [write('The shop "{{shop}}" asks for a withdrawal of {{amount}}. The amount is held from its balance until you decide.', names)];
    case 'withdrawal_paid':
      return [write('Your withdrawal of {{amount}} from "{{shop}}" is paid. The reference: {{reference}}', { ...names, reference: news.reference })];
    case 'withdrawal_rejected':
      return [write('Your withdrawal of {{amount}} from "{{shop}}" was not approved at {{store}}. The reason:', names), '', news.reason, '', write('The amount is back in your available balance.')];
  }
}

/**
 * The mails of a withdrawal's step (decision 053): a request goes to the store's address in the
 * store's language; a payment or a rejection to the shop's owner in their language (the store's
 * when they have none). None to whoever has no address.
 */
export async function withdrawalMails(app: FastifyInstance, tx: Db, withdrawal: MailedWithdrawal, store: StoreSettings, news: WithdrawalNews): Promise<Mail[]> {
  const [currency] = await tx
    .select({ name: currencies.name, symbol: currencies.symbol, position: currencies.position })
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(desc(currencies.isDefault), asc(currencies.sortOrder), asc(currencies.id))
    .limit(1);
  const recipients =
    news.kind === 'withdrawal_requested'
      ? [{ name: store.app_name, email: store.email || null, locale: store.app_locale, path: '/console/withdrawals' }]
      : (
          await tx
            .select({ name: users.name, email: users.email, locale: users.locale })
            .from(consoleMembers)
            .innerJoin(users, eq(users.id, consoleMembers.userId))
            .where(and(eq(consoleMembers.shopId, withdrawal.shopId), eq(consoleMembers.role, 'shop_owner')))
        ).map((owner) => ({ ...owner, locale: owner.locale ?? store.app_locale, path: '/console/withdrawals' }));
  return recipients.flatMap(({ name, email, locale, path }) => {
    if (!email) return [];
    const write = mailWriter(locale);
    const amount = currency ? moneyWriter(locale, { ...currency, rate: 1 })(withdrawal.amount) : (withdrawal.amount / 100).toFixed(2);
    return [
      {
        to: email,
        subject: `[${store.app_name}] ${write(subjects[news.kind])}`,
        text: [
          write('Hello {{name}},', { name }),
          '',
          ...body(write, news, { shop: withdrawal.shop, amount, store: store.app_name }),
          '',
          write('Withdrawals: {{url}}', { url: `${app.config.publicUrl}${path}` }),
        ].join('\n'),
      },
    ];
  });
}
