import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function BuyNow() {
  const { t } = useTranslation();
  return <SimplePage title={t('Buy Now')} emptyMessage={t('No product selected')} />;
}
