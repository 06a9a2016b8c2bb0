import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ShopStatus } from '../../shared/console.contract.ts';
import { primaryButtonClass } from '../../client/ui/button-styles.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { sellerQueries } from '../features/seller/seller-queries.ts';
import { useAuth } from '../features/session/session-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

const statusTexts: Record<Exclude<ShopStatus, 'approved'>, { title: string; body: string }> = {
  pending: { title: 'Your shop is waiting for approval', body: 'The store reviews every new shop. We will write to you once yours is reviewed.' },
  rejected: { title: 'Your shop was not approved', body: 'Change your shop in the console and apply again.' },
  suspended: { title: 'Your shop is suspended', body: 'Your shop and its products are hidden from the store.' },
};

const ConsoleRedirect = () => {
  useEffect(() => {
    // The console is another app: a full page load.
    window.location.assign('/console');
  }, []);
  return null;
};

/** `/shop` (Go to Shop Panel): a shop's people go on to the console; an applicant sees where their shop stands. */
export default function ShopPanel() {
  const { t } = useTranslation();
  const userId = useAuth((state) => state.user?.id);
  const openDialog = useAuth((state) => state.openDialog);
  const myShop = useQuery({ ...sellerQueries.myShop(userId), enabled: userId !== undefined });

  let content;
  if (userId === undefined) {
    content = (
      <>
        <p className="mb-4 text-slate-700">{t('Log in to open your shop panel.')}</p>
        <button type="button" className={primaryButtonClass} onClick={() => openDialog('login')}>
          {t('Login')}
        </button>
      </>
    );
  } else if (!myShop.data) {
    content = <div className="min-h-24" aria-busy="true" />;
  } else if (myShop.data.console) {
    content = (
      <>
        <ConsoleRedirect />
        <a href="/console" className={primaryButtonClass}>
          {t('Go to Shop Panel')}
        </a>
      </>
    );
  } else if (!myShop.data.shop || myShop.data.shop.status === 'approved') {
    content = (
      <>
        <p className="mb-4 text-slate-700">{t('You have no shop yet.')}</p>
        <Link to="/shop/register" className={primaryButtonClass}>
          {t('Become a Seller')}
        </Link>
      </>
    );
  } else {
    const { shop } = myShop.data;
    const texts = statusTexts[shop.status as Exclude<ShopStatus, 'approved'>];
    content = (
      <div role="status">
        <h2 className="mb-2 text-lg font-semibold text-slate-900">{t(texts.title)}</h2>
        <p className="text-slate-700">{t(texts.body)}</p>
        {shop.status_reason && (
          <p className="mt-4 border-s-4 border-amber-500 ps-3 text-slate-800">
            <span className="font-medium">{t('Reason')}:</span> <bdi>{shop.status_reason}</bdi>
          </p>
        )}
      </div>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading title={myShop.data?.shop?.name ?? t('Shop Panel')} />
      <div className="rounded-xl border border-slate-200 bg-white p-6">{content}</div>
    </section>
  );
}
