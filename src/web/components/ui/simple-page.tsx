import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { Link } from 'react-router';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { PageHeading } from './page-heading.tsx';

interface SimplePageProps {
  title: string;
  emptyMessage: string;
  /** Where the empty state leads; the shop's product list unless a page knows better. */
  action?: ReactNode;
}

/** A page whose content has not arrived yet: its heading and an honest empty state. */
export function SimplePage({ title, emptyMessage, action }: SimplePageProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={title} />
      <EmptyState
        message={emptyMessage}
        action={
          action ?? (
            <Link to="/products" className={primaryButtonClass}>
              {t('Continue Shopping')}
            </Link>
          )
        }
      />
    </section>
  );
}
