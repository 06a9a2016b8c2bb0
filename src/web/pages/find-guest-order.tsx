import { PageHeading } from '../components/ui/page-heading.tsx';
import { GuestOrderLinkForm } from '../features/orders/guest-order-link-form.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

/** `/orders/guest`: a guest without a working link to their order asks for one by e-mail. */
export default function FindGuestOrder() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={t('Find my order')} />
      <p className="mb-6 max-w-2xl text-slate-600">{t('Enter the e-mail you ordered with and your order number. We will send you a link to your order.')}</p>
      <GuestOrderLinkForm />
    </section>
  );
}
