import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function ChangePassword() {
  const { t } = useTranslation();
  return <SimplePage title={t('Change Password')} emptyMessage={t('No password settings yet')} />;
}
