import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function MyProfile() {
  const { t } = useTranslation();
  return <SimplePage title={t('My Profile')} emptyMessage={t('No profile details yet')} />;
}
