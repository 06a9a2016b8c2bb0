import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function BestDeal() {
  const { t } = useTranslation();
  return <SimplePage title={t('Best Deal')} emptyMessage={t('No products found')} />;
}
