import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { CurrencyChooser } from './currency-chooser.tsx';
import { LanguageChooser } from './language-chooser.tsx';
import { PhoneLink } from './phone-link.tsx';

const chooserButton = 'px-2 py-1 text-slate-100 hover:bg-white/10';

export function TopBar() {
  const { t } = useTranslation();
  const multiVendor = useSettings((state) => state.multiVendor);
  const mobile = useSettings((state) => state.mobile);
  return (
    <div className="bg-slate-900 text-xs text-slate-100 sm:text-sm">
      <div className="mx-auto flex min-h-9 max-w-7xl items-center justify-between gap-3 px-4 py-1">
        <div className="flex min-w-0 items-center gap-5">
          {multiVendor && (
            <a href="/shop/register" className="hidden font-medium hover:underline sm:inline">
              {t('Become a Seller')}
            </a>
          )}
          {mobile && <PhoneLink phone={mobile} prefix={`${t('Hotline')}:`} />}
        </div>
        <div className="flex items-center gap-1">
          <CurrencyChooser buttonClassName={chooserButton} />
          <LanguageChooser buttonClassName={chooserButton} />
        </div>
      </div>
    </div>
  );
}
