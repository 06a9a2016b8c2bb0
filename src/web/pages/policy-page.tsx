import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function PolicyPage() {
  const { t } = useTranslation();
  return <SimplePage title={t('Page')} emptyMessage={t('This page has no content yet')} />;
}
