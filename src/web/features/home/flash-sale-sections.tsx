import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { FlashSale, ProductCard } from '../../../shared/catalog.contract.ts';
import { catalogQueries } from '../catalog/catalog-queries.ts';
import { FlashSaleStatus } from '../catalog/flash-sale-status.tsx';
import { ProductSection } from '../catalog/product-section.tsx';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';

/** Asks for the home data again when a sale starts or ends on screen. */
function useRefreshHome() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: catalogQueries.home().queryKey }), [queryClient]);
}

export const flashSalePath = (id: number) => `/flash-sale/${id}`;

export function RunningFlashSale({ sale }: { sale: FlashSale & { products: ProductCard[] } }) {
  const refresh = useRefreshHome();
  return (
    <ProductSection
      title={sale.name}
      viewAllTo={flashSalePath(sale.id)}
      extra={<FlashSaleStatus sale={sale} onChange={refresh} tone="dark" />}
      products={sale.products}
    />
  );
}

/** The next sale, announced with its start time. */
export function UpcomingFlashSale({ sale }: { sale: FlashSale }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (
    <section aria-label={t('Upcoming flash sale')} className="py-4">
      <Link
        to={flashSalePath(sale.id)}
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary-200 bg-primary-50 px-5 py-4 text-primary-950 hover:border-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        <span className="flex flex-col">
          <span className="text-xs font-semibold tracking-wide uppercase">{t('Coming soon')}</span>
          <span dir="auto" className="text-lg font-semibold">{sale.name}</span>
        </span>
        <span className="text-sm">
          {t('Starts {{date}}', { date: formatDate(sale.starts_at) })}
        </span>
      </Link>
    </section>
  );
}
