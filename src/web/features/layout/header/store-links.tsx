import { PhoneDeviceIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';

/** The app store pages the store has set, each opening in a new tab. */
export function useStoreApps() {
  const { t } = useTranslation();
  const appStoreLink = useSettings((state) => state.appStoreLink);
  const playStoreLink = useSettings((state) => state.playStoreLink);
  return [
    { label: t('App Store'), href: appStoreLink },
    { label: t('Google Play'), href: playStoreLink },
  ].filter((app) => app.href);
}

export function StoreLinks({ className }: { className: string }) {
  const apps = useStoreApps();
  return apps.map((app) => (
    <a key={app.label} href={app.href} target="_blank" rel="noopener noreferrer" className={className}>
      <PhoneDeviceIcon className="size-5 shrink-0" />
      {app.label}
    </a>
  ));
}
