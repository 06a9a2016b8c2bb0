import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function BlogDetails() {
  const { t } = useTranslation();
  return <SimplePage title={t('Blog Details')} emptyMessage={t('Post not found')} />;
}
