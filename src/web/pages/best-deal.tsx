import { PageHeading } from '../components/ui/page-heading.tsx';
import { ProductBrowser } from '../features/catalog/product-browser.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function BestDeal() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={t('Best Deal')} />
      <ProductBrowser scope={{ discounted: 'true' }} />
    </section>
  );
}
