import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useAuth } from '../session/session-store.ts';

/** Orders belong to an account: a visitor is asked to log in first. */
export function SignInRequired({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={title} />
      <EmptyState
        message={t('Please log in to place your order.')}
        action={
          <button type="button" onClick={() => useAuth.getState().openDialog('login')} className={primaryButtonClass}>
            {t('Login')}
          </button>
        }
      />
    </section>
  );
}
