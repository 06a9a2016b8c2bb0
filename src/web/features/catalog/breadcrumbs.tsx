import { Link } from 'react-router';
import { ChevronEndIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';

export interface Crumb {
  label: string;
  /** The last crumb is the current page and has no link. */
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const trail = [{ label: t('Home'), to: '/' }, ...items];
  return (
    <nav aria-label={t('Breadcrumb')} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-slate-600">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="flex min-w-0 items-center gap-1.5">
              {crumb.to && !last ? (
                <Link to={crumb.to} dir="auto" className="hover:text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} dir="auto" className="truncate text-slate-800">
                  {crumb.label}
                </span>
              )}
              {!last && <ChevronEndIcon className="size-3.5 shrink-0 rtl:rotate-180" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
