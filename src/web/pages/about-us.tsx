import { StorePage } from '../features/content/store-page.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function AboutUs() {
  const { t } = useTranslation();
  return <StorePage slug="about-us" routeTitle={t('About Us')} />;
}
