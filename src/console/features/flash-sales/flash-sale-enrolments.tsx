import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { enrolmentDeclineSchema, type ConsoleEnrolment, type ConsoleFlashSale, type EnrolmentStatus } from '../../../shared/flash-sales-console.contract.ts';
import { userTextCell } from '../../ui/data-table.tsx';
import { Section } from '../../ui/detail-section.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { TabbedTable } from '../../ui/tabbed-table.tsx';
import { TextDialog } from '../../ui/text-dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { enrolmentStatusFrom, flashSaleQueries, useDecideEnrolment } from './flash-sale-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleEnrolment>();
const noEnrolments: ConsoleEnrolment[] = [];
const money = (amount: number) => formatNumber(amount, 2);
const enrolmentFiltersFrom = (params: URLSearchParams) => ({ enrolments: enrolmentStatusFrom(params) });

/** A variant as its row names it: the product, then its options where it has any. */
export const variantLabel = (enrolment: Pick<ConsoleEnrolment, 'product' | 'variant'>) => (enrolment.variant.name ? `${enrolment.product.name} · ${enrolment.variant.name}` : enrolment.product.name);

interface FlashSaleEnrolmentsProps {
  sale: ConsoleFlashSale;
  /** The store's staff decide on every shop's offers; a shop's people see their own and withdraw them. */
  decides?: boolean;
}

/**
 * The sale's enrolments by status (`?enrolments=pending` in the address): each variant with its
 * normal and sale prices, cap and units sold; the store approves or declines (with a reason) the
 * pending ones, a shop withdraws its own while it may.
 */
export function FlashSaleEnrolments({ sale, decides = true }: FlashSaleEnrolmentsProps) {
  const { t } = useTranslation();
  const { filters, setFilters, page } = useUrlList(enrolmentFiltersFrom);
  const list = useQuery(flashSaleQueries.enrolments(sale.id, filters.enrolments, page.cursor));
  const decide = useDecideEnrolment(sale.id);
  const statusLabels: Record<EnrolmentStatus, string> = useMemo(() => ({ pending: t('Pending'), approved: t('Approved'), declined: t('Declined') }), [t]);
  const tabs: Array<{ value: EnrolmentStatus | 'all'; label: string }> = [{ value: 'all', label: t('All') }, ...Object.entries(statusLabels).map(([value, label]) => ({ value: value as EnrolmentStatus, label }))];

  const columns = useMemo(
    () =>
      column.columns([
        ...(decides ? [column.accessor((enrolment) => enrolment.shop.name, { id: 'shop', header: () => t('Shop'), cell: userTextCell })] : []),
        column.accessor((enrolment) => enrolment.product.name, { id: 'product', header: () => t('Product'), cell: userTextCell }),
        column.accessor((enrolment) => enrolment.variant.name || t('Only variant'), { id: 'variant', header: () => t('Variant'), cell: userTextCell }),
        column.accessor('regular_price', { header: () => t('Normal price'), cell: (info) => money(info.getValue()) }),
        column.accessor('sale_price', { header: () => t('Sale price'), cell: (info) => money(info.getValue()) }),
        column.accessor('percentage', { header: () => t('Percentage off'), cell: (info) => (info.getValue() === null ? '' : `${formatNumber(info.getValue()!)}%`) }),
        column.accessor('stock_cap', { header: () => t('Sale stock cap'), cell: (info) => (info.getValue() === null ? t('No cap') : formatNumber(info.getValue()!)) }),
        column.accessor('sold', { header: () => t('Sold'), cell: (info) => formatNumber(info.getValue()) }),
        column.accessor('status', {
          header: () => t('Status'),
          cell: (info) => (
            <span>
              {statusLabels[info.getValue()]}
              {info.row.original.decline_reason && (
                <span className="block text-sm text-slate-600">
                  <bdi>{info.row.original.decline_reason}</bdi>
                </span>
              )}
            </span>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => t('Actions'),
          cell: (info) => {
            const enrolment = info.row.original;
            const label = variantLabel(enrolment);
            if (!decides) {
              const withdrawable = enrolment.status === 'pending' || (enrolment.status === 'approved' && sale.status === 'scheduled');
              return (
                withdrawable && (
                  <ConfirmDialog
                    trigger={
                      <button type="button" className={secondaryButtonClass}>
                        {t('Withdraw {{variant}}', { variant: label })}
                      </button>
                    }
                    title={t('Withdraw {{variant}} from the sale?', { variant: label })}
                    description={t('It sells at its normal price. It can be enrolled again while the enrolment is open.')}
                    confirmLabel={t('Withdraw')}
                    mutation={decide}
                    onConfirm={async () => showToast(t((await decide.mutateAsync({ enrolmentId: enrolment.id, decision: 'withdraw' })).message))}
                  />
                )
              );
            }
            if (enrolment.status !== 'pending' || sale.status === 'ended') return null;
            return (
              <div className="flex gap-2">
                <ConfirmDialog
                  trigger={
                    <button type="button" className={primaryButtonClass}>
                      {t('Approve {{variant}}', { variant: label })}
                    </button>
                  }
                  title={t('Approve {{variant}} at {{price}}?', { variant: label, price: money(enrolment.sale_price) })}
                  description={t('It sells at this price while the sale runs.')}
                  confirmLabel={t('Approve')}
                  mutation={decide}
                  onConfirm={async () => showToast(t((await decide.mutateAsync({ enrolmentId: enrolment.id, decision: 'approve' })).message))}
                />
                <TextDialog
                  trigger={
                    <button type="button" className={secondaryButtonClass}>
                      {t('Decline {{variant}}', { variant: label })}
                    </button>
                  }
                  title={t('Decline {{variant}}?', { variant: label })}
                  description={t('The shop reads the reason.')}
                  name="reason"
                  label={t('Reason')}
                  schema={enrolmentDeclineSchema}
                  confirm={t('Decline')}
                  mutation={decide}
                  onSubmit={async (reason) => t((await decide.mutateAsync({ enrolmentId: enrolment.id, decision: 'decline', reason })).message)}
                />
              </div>
            );
          },
        }),
      ]),
    [t, decides, statusLabels, decide, sale.status],
  );
  const table = useTable({ features, columns, data: list.data?.enrolments ?? noEnrolments, getRowId: (enrolment) => String(enrolment.id) });

  return (
    <Section title={decides ? t('Enrolments') : t('Your enrolments')}>
      <TabbedTable
        tabsLabel={t('Enrolment status')}
        tabs={tabs}
        selected={filters.enrolments ?? 'all'}
        onSelect={(tab) => setFilters({ enrolments: tab === 'all' ? undefined : tab })}
        list={list}
        page={page}
        table={table}
        caption={decides ? t('Enrolments') : t('Your enrolments')}
        loading={list.isPending}
        loadingMessage={t('Loading enrolments…')}
        empty={<EmptyState message={filters.enrolments ? t('No enrolments match these filters.') : t('No enrolments yet.')} />}
      />
    </Section>
  );
}
