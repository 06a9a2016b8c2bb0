import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function ProductDetails() {
  const { t } = useTranslation();
  return <SimplePage title={t('Product Details')} emptyMessage={t('Product not found')} />;
}
