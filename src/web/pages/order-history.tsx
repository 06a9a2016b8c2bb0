import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function OrderHistory() {
  const { t } = useTranslation();
  return <SimplePage title={t('Order History')} emptyMessage={t('You have no orders yet')} />;
}
