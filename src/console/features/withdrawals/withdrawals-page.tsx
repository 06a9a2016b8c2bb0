import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { withdrawalPaySchema, withdrawalRejectSchema, type Withdrawal, type WithdrawalStatus } from '../../../shared/withdrawals.contract.ts';
import { userTextCell } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { ShopFilter } from '../../ui/list-filters.tsx';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { TextDialog } from '../../ui/text-dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { catalogueChoices } from '../products/product-queries.ts';
import { PayoutDetailsDialog, PayoutDetailsReveal } from './payout-details-reveal.tsx';
import { WithdrawalRequestForm } from './withdrawal-request-form.tsx';
import { useDecideWithdrawal, withdrawalFiltersFrom, withdrawalQueries } from './withdrawal-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Withdrawal>();
const noWithdrawals: Withdrawal[] = [];
const money = (amount: number) => formatNumber(amount, 2);
const fieldClass = 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700';
/** Empty cells of a step not taken (no reference before it is paid). */
const optionalText = (info: { getValue(): string | null }) => (info.getValue() === null ? '' : <bdi>{info.getValue()}</bdi>);

/**
 * `/console/withdrawals` (decision 053): a seller's people see their shop's balance, ask for it to be
 * paid out and follow their requests; the store's staff see every shop's by status and shop, and
 * approve, mark paid (with the transfer's reference) or reject (with a reason) each; those who pay
 * read the payout details in full, audited, where they mark a withdrawal paid (or, for a dispute, on a
 * paid or rejected one).
 */
export function WithdrawalsPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const storeWide = me.scope === 'store';
  const { filters, setFilters, page, filtered } = useUrlList(withdrawalFiltersFrom);
  const list = useQuery(withdrawalQueries.list(storeWide ? filters : { status: filters.status }, page.cursor));
  const shops = useQuery({ ...catalogueChoices.shops, enabled: storeWide });
  const decide = useDecideWithdrawal();
  const decides = storeWide && me.permissions.includes('payouts.manage');

  const statusLabels: Record<WithdrawalStatus, string> = useMemo(() => ({ requested: t('Requested'), approved: t('Approved'), paid: t('Paid'), rejected: t('Rejected') }), [t]);
  const tabs: Array<{ value: WithdrawalStatus | 'all'; label: string }> = [...Object.entries(statusLabels).map(([value, label]) => ({ value: value as WithdrawalStatus, label })), { value: 'all', label: t('All') }];

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('requested_at', { header: () => t('Requested on'), cell: (info) => formatTime(info.getValue(), { dateStyle: 'medium', timeStyle: 'short' }) }),
        ...(storeWide ? [column.accessor((withdrawal) => withdrawal.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
        column.accessor('amount', { header: () => t('Amount'), cell: (info) => money(info.getValue()) }),
        column.accessor('status', { header: () => t('Status'), cell: (info) => statusLabels[info.getValue()] }),
        column.accessor('payout_details', { header: () => t('Payout details'), cell: (info) => <span dir="ltr">{info.getValue()}</span> }),
        column.accessor('reference', { header: () => t('Reference'), cell: optionalText }),
        column.accessor('reject_reason', { header: () => t('Reason'), cell: optionalText }),
        ...(decides
          ? [
              column.display({
                id: 'actions',
                header: () => t('Actions'),
                cell: (info) => {
                  const withdrawal = info.row.original;
                  const subject = { amount: money(withdrawal.amount), shop: withdrawal.shop.name };
                  if (withdrawal.status === 'paid' || withdrawal.status === 'rejected') return <PayoutDetailsDialog withdrawal={withdrawal} subject={subject} />;
                  return (
                    <div className="flex gap-2">
                      {withdrawal.status === 'requested' ? (
                        <ConfirmDialog
                          trigger={
                            <button type="button" className={primaryButtonClass} aria-label={t('Approve the withdrawal of {{amount}} by {{shop}}', subject)}>
                              {t('Approve')}
                            </button>
                          }
                          title={t('Approve the withdrawal of {{amount}} by {{shop}}?', subject)}
                          description={t('It waits for the transfer; once the money is sent, mark it paid with the transfer’s reference.')}
                          confirmLabel={t('Approve')}
                          mutation={decide}
                          onConfirm={async () => showToast(t((await decide.mutateAsync({ id: withdrawal.id, step: 'approve' })).message))}
                        />
                      ) : (
                        <TextDialog
                          trigger={
                            <button type="button" className={primaryButtonClass} aria-label={t('Mark paid the withdrawal of {{amount}} by {{shop}}', subject)}>
                              {t('Mark paid')}
                            </button>
                          }
                          title={t('Mark paid the withdrawal of {{amount}} by {{shop}}?', subject)}
                          description={t('The shop’s owner is told, with the reference.')}
                          subject={<PayoutDetailsReveal withdrawal={withdrawal} />}
                          name="reference"
                          label={t('Payment reference')}
                          multiline={false}
                          schema={withdrawalPaySchema}
                          confirm={t('Mark paid')}
                          mutation={decide}
                          onSubmit={async (reference) => t((await decide.mutateAsync({ id: withdrawal.id, step: 'pay', reference })).message)}
                        />
                      )}
                      <TextDialog
                        trigger={
                          <button type="button" className={secondaryButtonClass} aria-label={t('Reject the withdrawal of {{amount}} by {{shop}}', subject)}>
                            {t('Reject')}
                          </button>
                        }
                        title={t('Reject the withdrawal of {{amount}} by {{shop}}?', subject)}
                        description={t('The amount returns to the shop’s available balance; its owner reads the reason.')}
                        name="reason"
                        label={t('Reason')}
                        schema={withdrawalRejectSchema}
                        confirm={t('Reject')}
                        mutation={decide}
                        onSubmit={async (reason) => t((await decide.mutateAsync({ id: withdrawal.id, step: 'reject', reason })).message)}
                      />
                    </div>
                  );
                },
              }),
            ]
          : []),
      ]),
    [t, storeWide, decides, statusLabels, decide],
  );
  const table = useTable({ features, columns, data: list.data?.withdrawals ?? noWithdrawals, getRowId: (withdrawal) => String(withdrawal.id) });

  return (
    <PageFrame title={t('Withdrawals')}>
      {!storeWide && me.permissions.includes('payouts.request') && <WithdrawalRequestForm />}
      {storeWide && (
        <div className="flex flex-wrap items-center gap-3">
          <ShopFilter shops={shops.data} value={filters.shop_id} onChange={(shopId) => setFilters({ shop_id: shopId })} className={fieldClass} />
        </div>
      )}
      <TabbedTable
        tabsLabel={t('Withdrawal status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={t('Withdrawals')}
        loading={list.isPending}
        loadingMessage={t('Loading withdrawals…')}
        empty={<EmptyState message={filtered ? t('No withdrawals match these filters.') : t('No withdrawals yet.')} />}
      />
    </PageFrame>
  );
}
