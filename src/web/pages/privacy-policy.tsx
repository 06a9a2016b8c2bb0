import { StorePage } from '../features/content/store-page.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function PrivacyPolicy() {
  const { t } = useTranslation();
  return <StorePage slug="privacy-policy" routeTitle={t('Privacy Policy')} />;
}
