import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function CategoryProduct() {
  const { t } = useTranslation();
  return <SimplePage title={t('Category Products')} emptyMessage={t('No products found')} />;
}
