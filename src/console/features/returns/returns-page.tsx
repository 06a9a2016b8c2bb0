import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import { returnStatuses, type ReturnStatus } from '../../../shared/returns.contract.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { formatTime } from '../../ui/date.ts';
import { TableBox } from '../../ui/data-table.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { StatusTabs } from '../../ui/status-tabs.tsx';
import { returnStatusLabel } from './return-labels.ts';
import { returnQueries } from './return-queries.ts';

type Tab = ReturnStatus | 'all';
const PANEL_ID = 'returns-panel';

/** `/console/returns`: newest first, a status tab kept in the address (`?status=requested`). */
export function ReturnsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = returnStatuses.find((known) => known === params.get('status'));
  const list = useInfiniteQuery(returnQueries.list(status));
  const rows = list.data?.pages.flatMap((page) => page.returns) ?? [];
  const tabs: Array<{ value: Tab; label: string }> = [{ value: 'all', label: t('All') }, ...returnStatuses.map((value) => ({ value, label: returnStatusLabel(value) }))];
  return (
    <PageFrame title={t('Returns')}>
      <StatusTabs<Tab> label={t('Return status')} tabs={tabs} selected={status ?? 'all'} onSelect={(tab) => setParams(tab === 'all' ? {} : { status: tab })} panelId={PANEL_ID} />
      <div id={PANEL_ID} role="tabpanel" className="flex flex-col gap-3">
        {list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <p role="status" className="py-6 text-center text-slate-600">
            {t('Loading returns…')}
          </p>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-slate-600">{t('No returns here.')}</p>
        ) : (
          <TableBox label={t('Returns')}>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('Returns')}</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 text-start font-semibold">{t('Return')}</th>
                  <th scope="col" className="py-2 text-start font-semibold">{t('Order')}</th>
                  <th scope="col" className="py-2 text-start font-semibold">{t('Customer')}</th>
                  <th scope="col" className="py-2 text-start font-semibold">{t('Shop')}</th>
                  <th scope="col" className="py-2 text-end font-semibold">{t('Units')}</th>
                  <th scope="col" className="py-2 text-start font-semibold">{t('Status')}</th>
                  <th scope="col" className="py-2 text-start font-semibold">{t('Requested on')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100">
                    <td className="py-2">
                      <Link to={`/returns/${row.id}`} className="font-medium text-primary-800 hover:underline">
                        {t('Return #{{id}}', { id: row.id })}
                      </Link>
                    </td>
                    <td className="py-2" dir="ltr">
                      <Link to={`/orders/${row.order.id}`} className="text-primary-800 hover:underline">
                        {row.order.order_number}
                      </Link>
                    </td>
                    <td className="py-2">{row.customer}</td>
                    <td className="py-2">{row.shop.name}</td>
                    <td className="py-2 text-end">{formatNumber(row.quantity)}</td>
                    <td className="py-2">{returnStatusLabel(row.status)}</td>
                    <td className="py-2">{formatTime(row.created_at, { dateStyle: 'medium' })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
        <LoadMore pages={list} />
      </div>
    </PageFrame>
  );
}
