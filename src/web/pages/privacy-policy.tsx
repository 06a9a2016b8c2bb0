import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function PrivacyPolicy() {
  const { t } = useTranslation();
  return <SimplePage title={t('Privacy Policy')} emptyMessage={t('This page has no content yet')} />;
}
