import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Support() {
  const { t } = useTranslation();
  return <SimplePage title={t('Support')} emptyMessage={t('No help topics yet')} />;
}
