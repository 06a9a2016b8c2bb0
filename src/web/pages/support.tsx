import { useQuery } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { primaryButtonClass, secondaryButtonClass } from '../../client/ui/button-styles.ts';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { useAuth } from '../features/session/session-store.ts';
import { contentQueries } from '../features/content/content-queries.ts';
import { FaqAccordion } from '../features/content/faq-accordion.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

function HelpCard({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="flex-1 text-sm text-slate-600">{text}</p>
      {action}
    </div>
  );
}

/** `/support`: the ways to get help, then the frequently asked questions. */
export default function Support() {
  const { t } = useTranslation();
  const signedIn = useAuth((state) => state.user !== null);
  const { data: faqs, isError, refetch } = useQuery(contentQueries.faqs());

  // Tickets belong to an account: a visitor logs in first.
  const openTickets = (event: MouseEvent<HTMLAnchorElement>) => {
    if (signedIn) return;
    event.preventDefault();
    useAuth.getState().openDialog('login');
  };

  let questions: ReactNode;
  if (faqs && faqs.length > 0) questions = <FaqAccordion faqs={faqs} />;
  else if (faqs) questions = <EmptyState message={t('No help topics yet')} />;
  else if (isError) {
    questions = (
      <EmptyState
        message={t('The questions could not be loaded.')}
        action={
          <button type="button" onClick={() => void refetch()} className={primaryButtonClass}>
            {t('Try again')}
          </button>
        }
      />
    );
  } else questions = <div aria-busy="true" className="h-64 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />;

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <PageHeading title={t('Support')} />
      <p className="mb-6 text-slate-600">{t('How can we help you? Find an answer below, or get in touch with us.')}</p>
      <div className="mb-10 grid gap-4 sm:grid-cols-2">
        <HelpCard
          title={t('Support Tickets')}
          text={t('A question about an order? Open a support ticket and follow our answers in your account.')}
          action={
            <Link to="/support-tickets" onClick={openTickets} className={primaryButtonClass}>
              {t('My Support Tickets')}
            </Link>
          }
        />
        <HelpCard
          title={t('Contact Us')}
          text={t('Anything else? Write to us and we will answer by e-mail.')}
          action={
            <Link to="/contact-us" className={secondaryButtonClass}>
              {t('Send us a message')}
            </Link>
          }
        />
      </div>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">{t('Frequently Asked Questions')}</h2>
      {questions}
    </section>
  );
}
