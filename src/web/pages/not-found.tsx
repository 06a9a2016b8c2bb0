import { useTranslation } from '../../client/lib/i18n.ts';
import { Link } from 'react-router';
import { primaryButtonClass } from '../../client/ui/button-styles.ts';

/** Any path that is no page (docs/product/storefront.md §2): a bare layout with the way home. */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-7xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">{t('Page Not Found')}</h1>
      <p className="max-w-md text-slate-600">{t('The page you are looking for does not exist or has been moved.')}</p>
      <Link to="/" className={primaryButtonClass}>
        {t('Back to Home')}
      </Link>
    </main>
  );
}
