import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function AboutUs() {
  const { t } = useTranslation();
  return <SimplePage title={t('About Us')} emptyMessage={t('This page has no content yet')} />;
}
