import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Category() {
  const { t } = useTranslation();
  return <SimplePage title={t('Categories')} emptyMessage={t('No categories found')} />;
}
