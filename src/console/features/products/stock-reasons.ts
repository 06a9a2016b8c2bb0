import { t } from '../../../client/lib/i18n.ts';
import type { StockMovementReason } from '../../../shared/catalog-console.contract.ts';

/** Why a variant's stock moved, as the console names it (read at render, in the console's language). */
export const stockReasonLabel = (reason: StockMovementReason) =>
  ({
    order: t('Order'),
    cancellation: t('Cancellation'),
    refund: t('Refund'),
    restock: t('Restock'),
    adjustment: t('Adjustment'),
    import: t('Import'),
    damaged: t('Damaged'),
    lost: t('Lost'),
    found: t('Found'),
    returned: t('Returned'),
    correction: t('Correction'),
  })[reason];
