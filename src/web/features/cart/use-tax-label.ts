import { useTranslation } from '../../../client/lib/i18n.ts';
import type { CheckoutFigures } from '../../../shared/cart.contract.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';

/** What the tax is charged on (decision 054): the amount taxed and, in percent, the one rate of its lines (null when they differ). */
export type TaxBasis = Pick<CheckoutFigures, 'taxable_amount' | 'tax_rate'>;

/** The tax row's label as checkout, an order and the cart panel show it: "Tax (15% of $80.00)", or "Tax (on $80.00)" when the rates differ. */
export function useTaxLabel(basis: TaxBasis): string {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  const amount = formatPrice(basis.taxable_amount, currency);
  return basis.tax_rate === null ? t('Tax (on {{amount}})', { amount }) : t('Tax ({{rate}} of {{amount}})', { rate: `${basis.tax_rate}%`, amount });
}
