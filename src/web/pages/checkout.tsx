import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Checkout() {
  const { t } = useTranslation();
  return <SimplePage title={t('Checkout')} emptyMessage={t('Your cart is empty')} />;
}
