import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Blog() {
  const { t } = useTranslation();
  return <SimplePage title={t('Blogs')} emptyMessage={t('No posts yet')} />;
}
