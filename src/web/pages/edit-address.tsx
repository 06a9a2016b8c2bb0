import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function EditAddress() {
  const { t } = useTranslation();
  return <SimplePage title={t('Edit Address')} emptyMessage={t('Address not found')} />;
}
