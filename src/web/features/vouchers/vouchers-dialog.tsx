import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Voucher } from '../../../shared/cart.contract.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { cartToastOptions } from '../settings/cart-toast-options.ts';
import { useSettings } from '../settings/settings-store.ts';
import { reportVoucherFailure } from './voucher-failure.ts';
import { collectVoucher, voucherQueries } from './voucher-queries.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

interface VouchersDialogProps {
  shopId: number;
  shopName: string;
  open: boolean;
  onClose(): void;
}

/** A lost session closes the dialog on the way home. */
function useVoucherFailure(onClose: () => void) {
  const navigate = useNavigate();
  return (error: Error) =>
    reportVoucherFailure(error, () => {
      onClose();
      void navigate('/');
    });
}

function markCollected(shopId: number, voucherId: number) {
  queryClient().setQueryData(voucherQueries.list(shopId).queryKey, (vouchers) =>
    vouchers?.map((voucher) => (voucher.id === voucherId ? { ...voucher, is_collected: true } : voucher)),
  );
}

function VoucherCard({ voucher, collecting, onCollect }: { voucher: Voucher; collecting: boolean; onCollect(): void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const currency = useSettings((state) => state.selectedCurrency);
  const percentage = voucher.discount_type === 'Percentage';
  return (
    <li data-testid="voucher" className="flex overflow-hidden rounded-lg border border-primary-200 bg-white">
      <div className="flex w-24 shrink-0 flex-col items-center justify-center gap-0.5 bg-primary-50 p-3 text-center text-primary-900">
        <span className="text-xl font-bold">{percentage ? `${voucher.discount}%` : formatPrice(voucher.discount, currency)}</span>
        <span className="text-xs font-semibold uppercase">{t('OFF')}</span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 text-sm">
        <p className="font-mono font-semibold tracking-wide text-slate-900" dir="ltr">
          {voucher.code}
        </p>
        <p className="text-slate-700">
          {t('Minimum Spend')}: <span className="font-semibold">{formatPrice(voucher.min_order_amount, currency)}</span>
        </p>
        {percentage && voucher.max_discount_amount !== null && voucher.max_discount_amount > 0 && (
          <p className="text-slate-700">{t('Up to {{amount}}', { amount: formatPrice(voucher.max_discount_amount, currency) })}</p>
        )}
        <p className="text-slate-600">
          {t('Validity till')}: {formatDate(voucher.validity, { dateStyle: 'medium' })}
        </p>
      </div>
      <div className="flex items-center pe-3">
        <button
          type="button"
          disabled={voucher.is_collected || collecting}
          onClick={onCollect}
          className={`${primaryButtonClass} h-9 px-3 disabled:bg-slate-200 disabled:text-slate-700`}
        >
          {voucher.is_collected ? t('Collected') : t('Collect')}
        </button>
      </div>
    </li>
  );
}

/** A shop's vouchers to collect (docs/product/storefront.md §2/§4): reused by the cart panel, the checkout and the shop page. */
export function VouchersDialog({ shopId, shopName, open, onClose }: VouchersDialogProps) {
  const { t } = useTranslation();
  const vouchers = useQuery({ ...voucherQueries.list(shopId), enabled: open });
  const onFailure = useVoucherFailure(onClose);
  const collect = useMutation({
    mutationFn: collectVoucher,
    onSuccess: (body, voucherId) => {
      notify.success(body.message, cartToastOptions());
      markCollected(shopId, voucherId);
    },
    onError: (error, voucherId) => {
      // 409: collected before (another tab); the button should say so.
      if (error instanceof ApiError && error.status === 409) markCollected(shopId, voucherId);
      onFailure(error);
    },
  });

  const { error } = vouchers;
  const reportListFailure = useEffectEvent(onFailure);
  useEffect(() => {
    if (error) reportListFailure(error);
  }, [error]);

  let body;
  if (vouchers.isPending) {
    body = (
      <ul aria-busy="true" className="space-y-3">
        {[0, 1].map((index) => (
          <li key={index} className="h-24 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
        ))}
      </ul>
    );
  } else if (error) {
    body = (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-slate-700">{error.message}</p>
        <button type="button" onClick={() => void vouchers.refetch()} className={primaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  } else if (vouchers.data.length > 0) {
    body = (
      <ul className="space-y-3">
        {vouchers.data.map((voucher) => (
          <VoucherCard
            key={voucher.id}
            voucher={voucher}
            collecting={collect.isPending && collect.variables === voucher.id}
            onCollect={() => collect.mutate(voucher.id)}
          />
        ))}
      </ul>
    );
  } else {
    body = <p className="py-8 text-center text-slate-600">{t('Sorry there is no voucher available')}</p>;
  }

  return (
    <ModalDialog open={open} onClose={onClose} title={<WithUserText text={t('{{shop}} Vouchers')} values={{ shop: shopName }} />} className="sm:max-w-lg">
      <div className="p-4">{body}</div>
    </ModalDialog>
  );
}
