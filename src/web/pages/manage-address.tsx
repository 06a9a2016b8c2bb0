import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function ManageAddress() {
  const { t } = useTranslation();
  return <SimplePage title={t('Manage Address')} emptyMessage={t('You have no saved addresses')} />;
}
