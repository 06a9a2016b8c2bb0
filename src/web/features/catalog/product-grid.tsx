import type { ProductCard as ProductCardData } from '../../../shared/catalog.contract.ts';
import { PAGE_SIZE } from '../../../shared/constants.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

interface ProductGridProps {
  /** Undefined while loading: skeleton cards hold the place. */
  products: ProductCardData[] | undefined;
  skeletons?: number;
  /** How many leading cards load their picture at once (the page's main list: its first row on a phone). */
  eager?: number;
}

/** Products in a responsive grid of 2, 3, 4 and 5 columns. */
export function ProductGrid({ products, skeletons = PAGE_SIZE, eager = 0 }: ProductGridProps) {
  if (!products) {
    return (
      <div className={gridClass}>
        {Array.from({ length: skeletons }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  return (
    <ul className={gridClass}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < eager} />
        </li>
      ))}
    </ul>
  );
}
