import { useTranslation } from '../../../client/lib/i18n.ts';

export function BlockedBadge() {
  const { t } = useTranslation();
  return <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t('Blocked')}</span>;
}
