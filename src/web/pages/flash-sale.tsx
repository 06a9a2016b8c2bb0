import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function FlashSale() {
  const { t } = useTranslation();
  return <SimplePage title={t('Flash Sale')} emptyMessage={t('This flash sale has no products')} />;
}
