/** Upper-case ASCII letters and digits of a name (accents dropped), its words joined by hyphens: `Walk tee` → `WALK-TEE`. */
export function skuWords(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .join('-');
}

/** A variant's SKU: the product's, then its option names, upper-case letters and digits only. */
export function variantSku(productSku: string, optionNames: ReadonlyArray<string | null | undefined>): string {
  const parts = optionNames.map((name) => skuWords(name ?? '').replaceAll('-', ''));
  return [productSku, ...parts].filter(Boolean).join('-');
}

/**
 * The SKU the console suggests for a variant: the product's name (its first three words), then its
 * option names (`WALK-TEE-WHITE-M`), with `-2`, `-3`… when one in `taken` has it already.
 */
export function suggestedSku(productName: string, optionNames: ReadonlyArray<string | null | undefined>, taken: ReadonlySet<string>): string {
  const stem = skuWords(productName).split('-').slice(0, 3).join('-');
  const base = variantSku(stem, optionNames) || 'SKU';
  let candidate = base;
  for (let copy = 2; taken.has(candidate); copy += 1) candidate = `${base}-${copy}`;
  return candidate;
}
