import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function Dashboard() {
  const { t } = useTranslation();
  return <SimplePage title={t('Dashboard')} emptyMessage={t('You have no orders yet')} />;
}
