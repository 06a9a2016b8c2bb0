import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, shopLedgerEntries } from '../../db/schema.ts';
import type { LedgerEntryKind, StatementQuery } from '../../../shared/earnings.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import { instantToZonedLocal, zonedLocalToInstant } from '../../../shared/store-time.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { csvDocument } from '../../platform/csv.ts';
import { validationFailed } from '../../platform/errors.ts';
import { readStoreSetting } from '../settings/settings.service.ts';
import { ledgerShop } from './earnings-console.service.ts';

const KIND_WORDS: Record<LedgerEntryKind, string> = {
  order_earning: 'Order earning',
  refund: 'Refund',
  refund_returned: 'Failed refund given back',
  withdrawal: 'Withdrawal',
  withdrawal_released: 'Rejected withdrawal given back',
};

/** The day after `day` (`YYYY-MM-DD`). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A shop's statement over the days `from` to `to` on the store's clock (decision 052): its balance
 * (pending and available together) before the first day, each entry booked in the period, oldest
 * first, and its balance after the last day. Texts in `translate`'s language. A seller's people
 * naming another shop are refused.
 */
export async function earningsStatement(db: Db, identity: ConsoleIdentity, query: StatementQuery, translate: (text: string) => string) {
  const own = shopScope(identity);
  if (own !== null && query.shop_id !== undefined && query.shop_id !== own) throw validationFailed({ shop_id: ['The selected shop id is invalid.'] });
  const shop = await ledgerShop(db, identity, query.shop_id);
  const zone = await readStoreSetting(db, 'time_zone');
  const start = new Date(zonedLocalToInstant(`${query.from}T00:00`, zone)!);
  const end = new Date(zonedLocalToInstant(`${nextDay(query.to)}T00:00`, zone)!);
  const ofShop = eq(shopLedgerEntries.shopId, shop.id);
  const [opening] = await db
    .select({ total: sql<number>`coalesce(sum(${shopLedgerEntries.amount}), 0)`.mapWith(Number) })
    .from(shopLedgerEntries)
    .where(and(ofShop, lt(shopLedgerEntries.createdAt, start)));
  const entries = await db
    .select({ entry: shopLedgerEntries, orderNumber: orders.orderNumber })
    .from(shopLedgerEntries)
    .leftJoin(orders, eq(orders.id, shopLedgerEntries.orderId))
    .where(and(ofShop, gte(shopLedgerEntries.createdAt, start), lt(shopLedgerEntries.createdAt, end)))
    .orderBy(asc(shopLedgerEntries.createdAt), asc(shopLedgerEntries.id));
  const day = (moment: Date) => instantToZonedLocal(moment.toISOString(), zone).slice(0, 10);
  const closing = entries.reduce((total, { entry }) => total + entry.amount, opening!.total);
  const content = csvDocument([
    [translate('Shop'), shop.name],
    [translate('Period'), query.from, query.to],
    [translate('Time zone'), zone],
    [translate('Date'), translate('Entry'), translate('Order'), translate('Amount'), translate('Status')],
    [query.from, translate('Opening balance'), '', toAmount(opening!.total), ''],
    ...entries.map(({ entry, orderNumber }) => [
      day(entry.createdAt),
      translate(KIND_WORDS[entry.kind]),
      orderNumber ?? '',
      toAmount(entry.amount),
      entry.status === 'pending' ? translate('Pending until {{date}}').replace('{{date}}', day(entry.availableAt)) : translate('Available'),
    ]),
    [query.to, translate('Closing balance'), '', toAmount(closing), ''],
  ]);
  return { filename: `statement-${shop.id}-${query.from}-${query.to}.csv`, content };
}
