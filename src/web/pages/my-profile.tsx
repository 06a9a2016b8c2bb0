import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { accountQueries } from '../features/account/account-queries.ts';
import { ProfileForm } from '../features/account/profile-form.tsx';
import { useAuth } from '../features/session/session-store.ts';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

export default function MyProfile() {
  const { t } = useTranslation();
  const userId = useAuth((state) => state.user?.id);
  const { data: user, error, refetch } = useQuery(accountQueries.profile(userId));
  return (
    <section>
      <PageHeading title={t('My Profile')} />
      {error ? (
        <QueryFailure error={error} notFoundMessage={t('Something went wrong')} onRetry={() => void refetch()} />
      ) : user ? (
        <ProfileForm key={user.id} user={user} />
      ) : (
        <div aria-busy="true" className="h-96 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none" />
      )}
    </section>
  );
}
