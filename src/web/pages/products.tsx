import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Products() {
  const { t } = useTranslation();
  return <SimplePage title={t('Products')} emptyMessage={t('No products found')} />;
}
