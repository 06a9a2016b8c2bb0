import { Dropdown, dropdownItemClass } from '../../../components/ui/dropdown.tsx';
import { PhoneDeviceIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { StoreLinks, useStoreApps } from './store-links.tsx';

export function DownloadAppMenu() {
  const { t } = useTranslation();
  const hasApps = useStoreApps().length > 0;
  if (!hasApps) return null;
  return (
    <Dropdown
      align="end"
      buttonClassName="px-2 py-3 text-sm font-medium text-slate-700 hover:text-primary-700"
      trigger={
        <>
          <PhoneDeviceIcon className="size-5" />
          {t('Download our app')}
        </>
      }
    >
      <StoreLinks className={dropdownItemClass} />
    </Dropdown>
  );
}
