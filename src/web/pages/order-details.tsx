import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function OrderDetails() {
  const { t } = useTranslation();
  return <SimplePage title={t('Order Details')} emptyMessage={t('Order not found')} />;
}
