import { useNavigate } from 'react-router';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ShopRegistrationForm } from '../features/seller/shop-registration-form.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

/** `/shop/register` (spec: the Become a Seller link): the application, or why the store takes none. */
export default function ShopRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useSettings((state) => state.multiVendor && state.sellerRegistration);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading title={t('Become a Seller')} />
      {open ? (
        <>
          <p className="mb-6 text-slate-700">{t('Open your shop with us. The store reviews every new shop before it opens.')}</p>
          <ShopRegistrationForm onRegistered={() => void navigate('/shop')} />
        </>
      ) : (
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {t('Seller registration is closed.')}
        </p>
      )}
    </section>
  );
}
