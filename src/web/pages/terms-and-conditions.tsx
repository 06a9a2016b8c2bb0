import { StorePage } from '../features/content/store-page.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function TermsAndConditions() {
  const { t } = useTranslation();
  return <StorePage slug="terms-and-conditions" routeTitle={t('Terms & Conditions')} />;
}
