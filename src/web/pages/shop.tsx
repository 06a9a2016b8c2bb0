import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Shop() {
  const { t } = useTranslation();
  return <SimplePage title={t('Shops')} emptyMessage={t('No shops found')} />;
}
