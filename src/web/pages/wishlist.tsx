import { PageHeading } from '../components/ui/page-heading.tsx';
import { WishlistList } from '../features/wishlist/wishlist-list.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function Wishlist() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t('Wishlist')} />
      <WishlistList />
    </section>
  );
}
