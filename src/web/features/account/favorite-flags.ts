/**
 * Product cards sit in many cached answers (home rows, listings, a product page and its related
 * products, the wishlist). These walk any answer to find them by their `is_favorite` field.
 */
interface CardLike {
  id: unknown;
  is_favorite: unknown;
}

const isCard = (value: object): value is CardLike => 'is_favorite' in value && 'id' in value;

export function holdsProductCards(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsProductCards);
  if (value === null || typeof value !== 'object') return false;
  return isCard(value) || Object.values(value).some(holdsProductCards);
}

/** The answer with the product's cards set to `isFavorite`; the same object when nothing changes (no re-render). */
export function withFavoriteFlag<Data>(value: Data, productId: number, isFavorite: boolean): Data {
  if (Array.isArray(value)) {
    const next = value.map((entry: unknown) => withFavoriteFlag(entry, productId, isFavorite));
    return next.some((entry, index) => entry !== value[index]) ? (next as Data) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    next[key] = withFavoriteFlag(entry, productId, isFavorite);
    if (next[key] !== entry) changed = true;
  }
  if (isCard(value) && value.id === productId && value.is_favorite !== isFavorite) {
    next.is_favorite = isFavorite;
    changed = true;
  }
  return changed ? (next as Data) : value;
}
