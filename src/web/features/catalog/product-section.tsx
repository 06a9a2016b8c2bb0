import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '../../../shared/catalog.contract.ts';
import { ChevronEndIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { ProductGrid } from './product-grid.tsx';

interface SectionProps {
  title: string;
  /** "View all" goes here when set. */
  viewAllTo?: string;
  /** Beside the title (a countdown). */
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * For a section that starts below the fold on a phone: the browser lays it out only when it nears
 * the screen (a long page of cards otherwise costs its first paint), sized meanwhile by an estimate.
 */
export const LAID_OUT_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-size:auto_1200px]';

/** A titled block of a page with an optional "View all" link. */
export function Section({ title, viewAllTo, extra, children, className = '' }: SectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`py-6 ${className}`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <h2 id={headingId} dir="auto" className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {extra}
        </div>
        {viewAllTo && (
          <Link
            to={viewAllTo}
            className="inline-flex items-center gap-1 rounded-md py-1 text-sm font-semibold text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
          >
            {t('View all')}
            <span className="sr-only">
              : <bdi>{title}</bdi>
            </span>
            <ChevronEndIcon className="size-4 rtl:rotate-180" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

interface ProductSectionProps extends Omit<SectionProps, 'children'> {
  /** Undefined while loading. */
  products: ProductCard[] | undefined;
  skeletons?: number;
}

/** A titled row of product cards; an empty row is left out rather than shown empty. */
export function ProductSection({ products, skeletons = 5, ...section }: ProductSectionProps) {
  if (products && products.length === 0) return null;
  return (
    <Section {...section}>
      <ProductGrid products={products} skeletons={skeletons} />
    </Section>
  );
}
