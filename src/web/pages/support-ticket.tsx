import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function SupportTicket() {
  const { t } = useTranslation();
  return <SimplePage title={t('Support Ticket')} emptyMessage={t('You have no support tickets')} />;
}
