import { Link } from 'react-router';
import type { Banner } from '../../../shared/catalog.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';

const itemClass = (index: number) =>
  `w-[88%] shrink-0 snap-start sm:w-[70%] md:w-auto ${index === 0 ? 'md:col-span-2 md:row-span-2' : ''}`;
const listClass = 'flex snap-x snap-mandatory gap-3 overflow-x-auto pb-1 md:grid md:grid-cols-3 md:gap-4 md:overflow-visible md:pb-0';

/**
 * The banners: swiped through on small screens; from md the first is large with the others beside it.
 * The first picture is the likely largest paint, so it loads eagerly and first.
 */
export function HomeBanners({ banners }: { banners: Banner[] | undefined }) {
  const { t } = useTranslation();
  if (!banners) {
    return (
      <div aria-hidden="true" className={listClass}>
        {[0, 1, 2].map((index) => (
          <div key={index} className={itemClass(index)}>
            <div className="aspect-[3/1] h-full w-full animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
          </div>
        ))}
      </div>
    );
  }
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('Featured')}>
      <ul className={listClass}>
        {banners.map((banner, index) => (
          <li key={banner.id} className={itemClass(index)}>
            <Link
              to={banner.link || '/products'}
              className="group relative block h-full overflow-hidden rounded-lg bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            >
              <img
                src={banner.image}
                alt={banner.image_alt}
                width={1200}
                height={400}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
                className="aspect-[3/1] size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
              />
              <span className="absolute inset-0 flex flex-col justify-end gap-1 bg-linear-to-t from-slate-950/85 via-slate-950/40 to-transparent p-4 text-white">
                <span dir="auto" className={`font-bold ${index === 0 ? 'text-lg md:text-3xl' : 'text-lg'}`}>{banner.title}</span>
                {banner.subtitle && (
                  <span dir="auto" className={`hidden text-sm ${index === 0 ? 'sm:block' : 'lg:line-clamp-1'}`}>{banner.subtitle}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
