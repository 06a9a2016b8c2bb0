// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, setMessages } from '../../../client/lib/i18n.ts';
import type { ProductCard as ProductCardData, Review, ShopSummary } from '../../../shared/catalog.contract.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductReviews } from './product-reviews.tsx';
import { ShopCard, ShopPanel } from './shop-card.tsx';

const laptop: ProductCardData = {
  id: 5,
  name: 'Galaxy Book4 Pro 16"',
  thumbnail: '/media/laptop.jpg',
  price: 1449.99,
  discount_price: 0,
  discount_percentage: 0,
  rating: 4.5,
  total_reviews: 2,
  total_sold: 3,
  quantity: 0,
  is_favorite: false,
  unit: 'pc',
  brand: null,
  shop: { id: 4, name: 'Glow Beauty Co.', rating: 4.5 },
  colors: [],
  sizes: [],
  flash_sale: null,
};
const shop: ShopSummary = {
  id: 4,
  name: 'Glow Beauty Co.',
  slug: 'glow-beauty-co',
  logo: '/media/logo.jpg',
  banner: '/media/banner.jpg',
  rating: 4.5,
  total_reviews: 2,
  total_products: 12,
  description: '',
  address: '',
};
const review: Review = { id: 1, name: 'Ada L.', rating: 5, comment: 'Great screen, fast delivery.', created_at: '2026-01-02T10:00:00.000Z' };

// A Latin name on an Arabic page would take the page's direction and show its end punctuation at its
// start (".Glow Beauty Co", '"16'): each element holding only content takes the content's direction.
describe('names and reviews on an Arabic page', () => {
  beforeEach(() => {
    applyDocumentLanguage('ar', 'rtl');
    setMessages({ 'Out of stock': 'نفد من المخزون', 'Products: {{count}}': 'المنتجات: {{count}}', 'Visit Store': 'زيارة المتجر', 'Reviews: {{count}}': 'التقييمات: {{count}}' });
  });
  afterEach(() => {
    setMessages({});
    applyDocumentLanguage('en', 'ltr');
  });

  it("a product card shows the product's name in its own direction", () => {
    renderApp(<ProductCard product={laptop} />);
    expect(screen.getByText('نفد من المخزون')).toBeInTheDocument();
    expect(screen.getByText('Galaxy Book4 Pro 16"')).toHaveAttribute('dir', 'auto');
  });

  it("a shop's card and the seller box of a product page show the shop's name in its own direction", () => {
    renderApp(
      <>
        <ShopCard shop={shop} />
        <ShopPanel shop={shop} />
      </>,
    );
    expect(screen.getAllByText('المنتجات: 12')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Glow Beauty Co.' })).toHaveAttribute('dir', 'auto');
    expect(screen.getAllByText('Glow Beauty Co.').map((name) => name.getAttribute('dir'))).toEqual(['auto', 'auto']);
  });

  it("a review shows its author's name and its text in their own direction", () => {
    renderApp(<ProductReviews rating={5} total_reviews={1} rating_breakdown={{ '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 }} reviews={[review]} />);
    expect(screen.getByText('التقييمات: 1')).toBeInTheDocument();
    expect(screen.getByText('Ada L.')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Great screen, fast delivery.')).toHaveAttribute('dir', 'auto');
  });
});
