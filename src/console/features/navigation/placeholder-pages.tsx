import { Link } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import type { ConsolePage } from './console-navigation.ts';
import { PageFrame } from './page-frame.tsx';

/** A page whose screen is not built yet: it says so rather than showing made-up records. */
export function ComingSoonPage({ page }: { page: ConsolePage }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(page.labelKey)}>
      <EmptyState message={t('Coming soon in the console')} />
    </PageFrame>
  );
}

/** An address that is no page, or a page this person may not open (the sidebar does not offer it). */
export function NoSuchPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('Page not found')}>
      <EmptyState
        message={t('This page does not exist in the console, or your role does not include it.')}
        action={
          <Link to="/" className={secondaryButtonClass}>
            {t('Go to the dashboard')}
          </Link>
        }
      />
    </PageFrame>
  );
}
