import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { LedgerEntry, LedgerEntryKind } from '../../../shared/earnings.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { Facts, Section } from '../../ui/detail-section.tsx';
import { Pager, useUrlPage } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { AvailableBalance, money } from './earnings-money.tsx';
import { earningsQueries } from './earnings-queries.ts';
import { StatementDownload } from './statement-download.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, LedgerEntry>();
const noEntries: LedgerEntry[] = [];
const linkClass = 'font-medium text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';

const useKindLabels = (): Record<LedgerEntryKind, string> => {
  const { t } = useTranslation();
  return useMemo(
    () => ({ order_earning: t('Order earning'), refund: t('Refund'), refund_returned: t('Failed refund given back'), withdrawal: t('Withdrawal'), withdrawal_released: t('Rejected withdrawal given back') }),
    [t],
  );
};

/** A day on the store's clock. */
const storeDay = (timeZone: string) => (iso: string) => formatTime(iso, { dateStyle: 'medium', timeZone });

/**
 * A shop's balances and its ledger, newest first, a page at a time (the page in the address): the
 * seller's own (`shopId` left out) or, for the store's staff, the shop named, with the way back to
 * all shops. Dates on the store's clock.
 */
export function ShopLedgerPage({ shopId, timeZone }: { shopId?: number; timeZone: string }) {
  const { t } = useTranslation();
  const page = useUrlPage();
  const ledger = useQuery(earningsQueries.ledger(shopId, page.cursor));
  const kinds = useKindLabels();
  const day = useMemo(() => storeDay(timeZone), [timeZone]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('created_at', { header: () => t('Date'), cell: (info) => day(info.getValue()) }),
        column.accessor('kind', { header: () => t('Entry'), cell: (info) => kinds[info.getValue()] }),
        column.accessor('order', {
          header: () => t('Order'),
          cell: (info) => {
            const order = info.getValue();
            return order ? (
              <Link to={`/orders/${order.id}`} className={linkClass}>
                <bdi>{order.order_number}</bdi>
              </Link>
            ) : null;
          },
        }),
        column.accessor('amount', { header: () => t('Amount'), cell: (info) => <span className={info.getValue() < 0 ? 'text-red-700' : undefined}>{money(info.getValue())}</span> }),
        column.accessor('status', {
          header: () => t('Status'),
          cell: (info) => (info.getValue() === 'pending' ? t('Pending until {{date}}', { date: day(info.row.original.available_at) }) : t('Available')),
        }),
      ]),
    [t, kinds, day],
  );
  const table = useTable({ features, columns, data: ledger.data?.entries ?? noEntries, getRowId: (entry) => String(entry.id) });

  const title = shopId !== undefined && ledger.data ? t('Earnings of {{shop}}', { shop: ledger.data.shop_name }) : t('Earnings');
  return (
    <PageFrame title={title}>
      {shopId !== undefined && (
        <Link to="/earnings" className={`${textButtonClass} self-start`}>
          {t('Back to all shops')}
        </Link>
      )}
      {ledger.data && (
        <Section title={t('Balance')}>
          <Facts
            rows={[
              [t('Available balance'), <AvailableBalance key="available" amount={ledger.data.balance.available} />],
              [t('Pending earnings'), money(ledger.data.balance.pending)],
            ]}
          />
          <p className="text-sm text-slate-600">{t('An order’s earning becomes available when its return window closes.')}</p>
        </Section>
      )}
      {ledger.isError ? (
        <LoadFailed onRetry={() => void ledger.refetch()} />
      ) : (
        <DataTable
          table={table}
          caption={t('Ledger')}
          loading={ledger.isPending}
          loadingMessage={t('Loading earnings…')}
          empty={<EmptyState message={t('No earnings yet: an order earns when it is delivered.')} />}
        />
      )}
      <Pager page={page} list={ledger} />
      <StatementDownload shopId={shopId} timeZone={timeZone} />
    </PageFrame>
  );
}
