import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function TermsAndConditions() {
  const { t } = useTranslation();
  return <SimplePage title={t('Terms & Conditions')} emptyMessage={t('This page has no content yet')} />;
}
