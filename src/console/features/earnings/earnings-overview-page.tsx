import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ShopEarningsRow } from '../../../shared/earnings.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Facts, Section } from '../../ui/detail-section.tsx';
import { Pager, useUrlPage } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { AvailableBalance, money } from './earnings-money.tsx';
import { earningsQueries } from './earnings-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ShopEarningsRow>();
const noShops: ShopEarningsRow[] = [];
const linkClass = 'font-medium text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';

/** `/console/earnings` for the store's staff: what the store earned from each shop and owes it, with the totals; a shop opens its ledger. */
export function EarningsOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useUrlPage();
  const overview = useQuery(earningsQueries.overview(page.cursor));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('shop', {
          header: () => t('Shop'),
          cell: (info) => (
            <Link to={`/earnings/${info.getValue().id}`} className={linkClass} onClick={(event) => event.stopPropagation()}>
              <bdi>{info.getValue().name}</bdi>
            </Link>
          ),
        }),
        column.accessor('commission', { header: () => t('Commission earned'), cell: (info) => money(info.getValue()) }),
        column.accessor('pending', { header: () => t('Pending earnings'), cell: (info) => money(info.getValue()) }),
        column.accessor('available', { header: () => t('Available balance (owed)'), cell: (info) => <AvailableBalance amount={info.getValue()} /> }),
      ]),
    [t],
  );
  const table = useTable({ features, columns, data: overview.data?.shops ?? noShops, getRowId: (row) => String(row.shop.id) });

  return (
    <PageFrame title={t('Earnings')}>
      {overview.data && (
        <Section title={t('All shops')}>
          <Facts
            rows={[
              [t('Commission earned'), money(overview.data.totals.commission)],
              [t('Pending earnings'), money(overview.data.totals.pending)],
              [t('Available balance (owed)'), money(overview.data.totals.available)],
            ]}
          />
        </Section>
      )}
      {overview.isError ? (
        <LoadFailed onRetry={() => void overview.refetch()} />
      ) : (
        <DataTable
          table={table}
          caption={t('Earnings by shop')}
          loading={overview.isPending}
          loadingMessage={t('Loading earnings…')}
          empty={<EmptyState message={t('No shop has earned yet: an order earns when it is delivered.')} />}
          onRowClick={(row) => void navigate(`/earnings/${row.original.shop.id}`)}
        />
      )}
      <Pager page={page} list={overview} />
    </PageFrame>
  );
}
