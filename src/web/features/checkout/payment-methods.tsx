import { useId, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useSettings } from '../settings/settings-store.ts';

interface PaymentMethodsProps {
  value: string;
  onChange(name: string): void;
  error?: string;
}

/** The payment method chosen at checkout: the only gateway a store offers counts as chosen without a click. */
export function usePaymentMethod() {
  const gateways = useSettings((state) => state.paymentGateways);
  const [chosen, choose] = useState('');
  const only = gateways.length === 1 ? gateways[0]!.name : '';
  return [chosen || only, choose] as const;
}

/** The store's payment gateways (`/master` payment_gateways) as one choice. */
export function PaymentMethods({ value, onChange, error }: PaymentMethodsProps) {
  const { t } = useTranslation();
  const gateways = useSettings((state) => state.paymentGateways);
  const name = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('Payment Method')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {gateways.map((gateway) => (
          <label
            key={gateway.id}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white p-3 has-checked:border-primary-700 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-700"
          >
            <input
              type="radio"
              name={name}
              value={gateway.name}
              checked={value === gateway.name}
              onChange={() => onChange(gateway.name)}
              className="size-4 accent-primary-700"
            />
            {gateway.logo && <img src={gateway.logo} alt="" width={40} height={28} loading="lazy" className="h-7 w-10 rounded object-contain" />}
            <span className="font-medium text-slate-900">{gateway.title}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
