import { useParams } from 'react-router';
import { StorePage } from '../features/content/store-page.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

/** `/page/:slug`: any page the store owner wrote. */
export default function PolicyPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  return <StorePage key={slug} slug={slug} routeTitle={t('Page')} />;
}
