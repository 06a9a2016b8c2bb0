import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { secondaryButtonClass } from '../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../client/ui/empty-state.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { accountQueries } from '../features/account/account-queries.ts';
import { AddressForm } from '../features/account/address-form.tsx';
import { useAuth } from '../features/session/session-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function EditAddress() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const userId = useAuth((state) => state.user?.id);
  const { data: addresses, error, refetch } = useQuery(accountQueries.addresses(userId));
  const address = addresses?.find((entry) => String(entry.id) === id);
  const backLink = (
    <Link to="/manage-address" className={secondaryButtonClass}>
      {t('Manage Address')}
    </Link>
  );

  let content;
  if (error) {
    content = (
      <LoadFailed onRetry={() => void refetch()} />
    );
  } else if (!addresses) {
    content = <div aria-busy="true" className="h-96 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none" />;
  } else if (!address) {
    content = <EmptyState message={t('Address not found')} action={backLink} />;
  } else {
    content = (
      <AddressForm
        key={address.id}
        address={address}
        onSaved={() => void navigate('/manage-address')}
        secondaryAction={
          <Link to="/manage-address" className={secondaryButtonClass}>
            {t('Cancel')}
          </Link>
        }
      />
    );
  }
  return (
    <section>
      <PageHeading title={t('Edit Address')} />
      {content}
    </section>
  );
}
