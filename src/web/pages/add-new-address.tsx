import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function AddNewAddress() {
  const { t } = useTranslation();
  return <SimplePage title={t('Add New Address')} emptyMessage={t('No address details yet')} />;
}
