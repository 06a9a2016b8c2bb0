import { describe, expect, it } from 'vitest';
import { holdsProductCards, withFavoriteFlag } from './favorite-flags.ts';

const card = (id: number, is_favorite = false) => ({ id, name: `Product ${id}`, is_favorite, shop: { id: 1, name: 'Shop' } });

describe('withFavoriteFlag', () => {
  it('sets the flag on every card of the product, wherever it sits in the answer', () => {
    const home = { banners: [{ id: 7, title: 'Sale' }], popular_products: [card(7), card(8)], just_for_you: [card(7)] };
    const next = withFavoriteFlag(home, 7, true);
    expect(next.popular_products.map((entry) => entry.is_favorite)).toEqual([true, false]);
    expect(next.just_for_you[0]!.is_favorite).toBe(true);
    // A banner with the same id is no product card.
    expect(next.banners[0]).toBe(home.banners[0]);
    expect(next.popular_products[1]).toBe(home.popular_products[1]);
  });

  it('flips a product page and its related products', () => {
    const details = { ...card(3, true), related_products: [card(3, true), card(4)] };
    const next = withFavoriteFlag(details, 3, false);
    expect(next.is_favorite).toBe(false);
    expect(next.related_products.map((entry) => entry.is_favorite)).toEqual([false, false]);
  });

  it('answers the same object when nothing changes, so nothing re-renders', () => {
    const list = { total: 2, products: [card(1, true), card(2)] };
    expect(withFavoriteFlag(list, 1, true)).toBe(list);
    expect(withFavoriteFlag(list, 99, true)).toBe(list);
    expect(withFavoriteFlag(undefined, 1, true)).toBeUndefined();
    expect(withFavoriteFlag('text', 1, true)).toBe('text');
  });
});

describe('holdsProductCards', () => {
  it('finds cards at any depth and nothing in answers without them', () => {
    expect(holdsProductCards({ running_flash_sale: { products: [card(1)] } })).toBe(true);
    expect(holdsProductCards(card(1))).toBe(true);
    expect(holdsProductCards({ currencies: [{ id: 1, name: 'USD' }] })).toBe(false);
    expect(holdsProductCards(undefined)).toBe(false);
  });
});
