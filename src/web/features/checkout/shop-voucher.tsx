import { useId, useState, type FormEvent } from 'react';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import { ShopVouchersButton } from '../vouchers/shop-vouchers-button.tsx';
import { WithUserText } from '../../../client/ui/user-text.tsx';

interface ShopVoucherProps {
  shopId: number;
  shopName: string;
  /** The code applied to this shop's order, if any. */
  appliedCode: string | null;
  /** What the applied code takes off this shop's order. */
  discount: number;
  /** Why the store refused the code typed here (`errors["coupon_codes.<shop id>"]`). */
  error: string | undefined;
  busy: boolean;
  onApply(code: string): void;
  onRemove(): void;
  onEdit(): void;
}

/** A shop's voucher at checkout: type a code (or look it up in the shop's vouchers) and apply it. */
export function ShopVoucher({ shopId, shopName, appliedCode, discount, error, busy, onApply, onRemove, onEdit }: ShopVoucherProps) {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  const [code, setCode] = useState('');
  const inputId = useId();
  const errorId = useId();

  if (appliedCode) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <p role="status">
          {t('Voucher applied:')}{' '}
          <span className="font-mono font-semibold" dir="ltr">
            {appliedCode}
          </span>{' '}
          <span data-testid="shop-voucher-discount">{t('You save {{amount}}', { amount: formatPrice(discount, currency) })}</span>
        </p>
        <button type="button" disabled={busy} onClick={onRemove} className={textButtonClass}>
          {t('Remove voucher')}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed) onApply(trimmed);
  };

  return (
    <form onSubmit={submit} className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        <WithUserText text={t('Voucher code for {{shop}}')} values={{ shop: shopName }} />
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          value={code}
          maxLength={50}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            onEdit();
          }}
          className={`h-10 min-w-0 flex-1 basis-full rounded-md border bg-white px-3 sm:basis-0 text-sm text-slate-900 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700 ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        <button type="submit" disabled={busy || code.trim() === ''} className={secondaryButtonClass}>
          {t('Apply')}
        </button>
        <ShopVouchersButton shopId={shopId} shopName={shopName} className={secondaryButtonClass} />
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
