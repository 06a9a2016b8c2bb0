import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../client/lib/api-client.ts';
import { useTranslation } from '../../client/lib/i18n.ts';
import { textButtonClass } from '../../client/ui/button-styles.ts';
import { GUEST_ORDER_LINK_EXPIRED_MESSAGE } from '../../shared/orders.contract.ts';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { GuestOrderLinkForm } from '../features/orders/guest-order-link-form.tsx';
import { orderQueries } from '../features/orders/order-queries.ts';
import { OrderView } from '../features/orders/order-view.tsx';

/** A link past the store's lifetime for guest links: the guest asks for a fresh one by e-mail. */
function ExpiredLink({ orderKey }: { orderKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t(GUEST_ORDER_LINK_EXPIRED_MESSAGE)}</h1>
      <GuestOrderLinkForm orderKey={orderKey} />
      <Link to="/orders/guest" className={`${textButtonClass} mt-6 inline-block`}>
        {t('Find it by its order number instead')}
      </Link>
    </section>
  );
}

/** `/orders/guest/:key`: a guest's order, opened from the link in its confirmation mail (or a fresh one). */
export default function GuestOrder() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const { data: order, error, refetch } = useQuery(orderQueries.guest(key));
  if (error instanceof ApiError && error.status === 410) return <ExpiredLink orderKey={key} />;
  if (error) return <QueryFailure error={error} notFoundMessage={t('Order not found')} onRetry={() => void refetch()} />;
  if (!order) return <div aria-busy="true" className="h-96 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />;
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <OrderView order={order} guestKey={key} />
    </section>
  );
}
