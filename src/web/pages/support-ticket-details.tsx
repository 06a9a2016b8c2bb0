import { useTranslation } from '../lib/i18n.ts';
import { SimplePage } from '../components/ui/simple-page.tsx';

export default function SupportTicketDetails() {
  const { t } = useTranslation();
  return <SimplePage title={t('Support Ticket Details')} emptyMessage={t('Ticket not found')} />;
}
