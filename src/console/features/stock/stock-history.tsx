import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { formatNumber, t, useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { StockMovement, StockVariant } from '../../../shared/catalog-console.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { ConsoleDialog } from '../../ui/dialog.tsx';
import { stockReasonLabel } from '../products/stock-reasons.ts';
import { stockQueries } from './stock-queries.ts';
import { LoadMore } from '../../ui/load-more.tsx';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, StockMovement>();
const noMovements: StockMovement[] = [];

/** A signed change: +5, −3 (the minus sign, not a hyphen), in the page's digits. */
const signedChange = (change: number) => (change > 0 ? `+${formatNumber(change)}` : `−${formatNumber(-change)}`);

const columns = column.columns([
  column.accessor('created_at', { header: () => t('When'), cell: (cell) => <time dateTime={cell.getValue()}>{formatTime(cell.getValue())}</time> }),
  column.accessor('change', { header: () => t('Change'), cell: (cell) => <bdi dir="ltr">{signedChange(cell.getValue())}</bdi> }),
  column.accessor('stock_after', { header: () => t('Stock after'), cell: (cell) => formatNumber(cell.getValue()) }),
  column.accessor('reason', { header: () => t('Reason'), cell: (cell) => stockReasonLabel(cell.getValue()) }),
  column.accessor('note', { header: () => t('Note'), cell: (cell) => <bdi className="whitespace-pre-line">{cell.getValue() ?? '—'}</bdi> }),
  column.accessor('reference', { header: () => t('Reference'), cell: (cell) => <bdi>{cell.getValue() ?? '—'}</bdi> }),
  column.accessor((movement) => movement.actor?.name ?? null, { id: 'actor', header: () => t('By'), cell: (cell) => <bdi>{cell.getValue() ?? t('System')}</bdi> }),
]);

/** The variant's stock ledger, newest first, with "Load more" while there are older movements. */
function Movements({ variant }: { variant: StockVariant }) {
  const { t } = useTranslation();
  const movements = useInfiniteQuery(stockQueries.movements(variant.product.id, variant.id));
  const rows = useMemo(() => movements.data?.pages.flatMap((page) => page.movements) ?? noMovements, [movements.data]);
  const table = useTable({ features, columns, data: rows, getRowId: (movement) => String(movement.id) });
  if (movements.isError && rows.length === 0) return <LoadFailed onRetry={() => void movements.refetch()} />;
  return (
    <div className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
      <DataTable table={table} caption={t('Stock history of {{sku}}', { sku: variant.sku })} loading={movements.isPending} loadingMessage={t('Loading…')} empty={<p className="py-4 text-center text-slate-600">{t('No stock movements yet.')}</p>} />
      <LoadMore pages={movements} />
    </div>
  );
}

/** "History" on a stock row: who moved the variant's stock, when, why, and what each move left. */
export function StockHistory({ variant }: { variant: StockVariant }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ConsoleDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" aria-label={t('Stock history of {{sku}}', { sku: variant.sku })} className={textButtonClass}>
          {t('History')}
        </button>
      }
      title={t('Stock history of {{sku}}', { sku: variant.sku })}
      description={variant.product.name}
      wide
    >
      <Movements variant={variant} />
      <div className="flex justify-end">
        <Dialog.Close className={secondaryButtonClass}>{t('Close')}</Dialog.Close>
      </div>
    </ConsoleDialog>
  );
}
