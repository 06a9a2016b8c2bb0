import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function ShopDetails() {
  const { t } = useTranslation();
  return <SimplePage title={t('Shop Details')} emptyMessage={t('This shop has no products yet')} />;
}
