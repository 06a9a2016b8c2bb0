import { Dropdown, dropdownItemClass } from '../../../components/ui/dropdown.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';

export function CurrencyChooser({ buttonClassName }: { buttonClassName: string }) {
  const { t } = useTranslation();
  const currencies = useSettings((state) => state.currencies);
  const selected = useSettings((state) => state.selectedCurrency);
  const selectCurrency = useSettings((state) => state.selectCurrency);
  const current = selected ?? currencies.find((currency) => currency.is_default);
  if (!current) return null;
  return (
    <Dropdown
      align="end"
      buttonClassName={buttonClassName}
      trigger={
        <>
          <span className="sr-only">{t('Currency')}:</span>
          <span>
            {current.symbol} {current.name}
          </span>
        </>
      }
    >
      {currencies.map((currency) => {
        const isCurrent = currency.id === current.id;
        return (
          <button
            key={currency.id}
            type="button"
            aria-current={isCurrent}
            onClick={() => selectCurrency(currency)}
            className={dropdownItemClass}
          >
            <span className="w-6 text-center font-medium">{currency.symbol}</span>
            {currency.name}
            {isCurrent && <CheckIcon className="ms-auto size-4 text-primary-700" />}
          </button>
        );
      })}
    </Dropdown>
  );
}
