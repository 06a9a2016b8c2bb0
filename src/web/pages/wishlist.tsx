import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Wishlist() {
  const { t } = useTranslation();
  return <SimplePage title={t('Wishlist')} emptyMessage={t('Your wishlist is empty')} />;
}
