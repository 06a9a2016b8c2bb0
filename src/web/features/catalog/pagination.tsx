import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { ChevronEndIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { pageWindow } from './listing-params.ts';

interface PaginationProps {
  page: number;
  totalPages: number;
  /** Where a page's link goes (the page number lives in the URL). */
  linkTo: (page: number) => To;
  onNavigate?: () => void;
}

const cell = 'flex size-10 items-center justify-center rounded-md text-sm font-medium';
const linkCell = `${cell} border border-slate-300 bg-white text-slate-700 hover:border-primary-700 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700`;

/**
 * After a page change, brings a listing's top back into view when the shopper had scrolled past it;
 * the element's scroll-margin keeps it clear of what sits above it (a sticky header).
 */
export function scrollBackTo(element: HTMLElement | null) {
  if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView();
}

export function Pagination({ page, totalPages, linkTo, onNavigate }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;

  const step = (target: number, label: string, icon: ReactNode) =>
    target < 1 || target > totalPages ? (
      <span aria-disabled="true" className={`${cell} border border-slate-200 text-slate-400`}>
        <span className="sr-only">{label}</span>
        {icon}
      </span>
    ) : (
      <Link to={linkTo(target)} onClick={onNavigate} className={linkCell} aria-label={label}>
        {icon}
      </Link>
    );

  return (
    <nav aria-label={t('Pagination')} className="mt-8 flex justify-center">
      <ul className="flex items-center gap-1.5">
        <li>{step(page - 1, t('Previous page'), <ChevronEndIcon className="size-4 rotate-180 rtl:rotate-0" />)}</li>
        {pageWindow(page, totalPages).map((number) => (
          <li key={number}>
            {number === page ? (
              <span aria-current="page" className={`${cell} bg-primary-700 text-white`}>
                <span className="sr-only">{t('Page')} </span>
                {number}
              </span>
            ) : (
              <Link to={linkTo(number)} onClick={onNavigate} className={linkCell} aria-label={t('Page {{page}}', { page: number })}>
                {number}
              </Link>
            )}
          </li>
        ))}
        <li>{step(page + 1, t('Next page'), <ChevronEndIcon className="size-4 rtl:rotate-180" />)}</li>
      </ul>
    </nav>
  );
}
