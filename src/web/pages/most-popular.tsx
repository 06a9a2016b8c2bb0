import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function MostPopular() {
  const { t } = useTranslation();
  return <SimplePage title={t('Most Popular')} emptyMessage={t('No products found')} />;
}
