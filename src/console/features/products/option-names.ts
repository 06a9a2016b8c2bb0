import { useQuery } from '@tanstack/react-query';
import type { ConsoleVariant } from '../../../shared/catalog-console.contract.ts';
import type { TaxonomyItem } from '../../../shared/taxonomy-console.contract.ts';
import type { PickerOption } from '../../ui/option-picker.tsx';
import { useLocalName } from '../language/console-language.ts';
import { catalogueChoices, type OptionKind } from './product-queries.ts';

/**
 * The choices of one list, named in the reader's language (found by the default name too): the
 * active ones, and those in `keep` even when archived since (what a product already has).
 */
export function usePickerOptions(kind: OptionKind, keep: readonly (number | null | undefined)[] = []): PickerOption[] {
  const items = useQuery(catalogueChoices.options(kind));
  const localName = useLocalName();
  return (items.data ?? [])
    .filter((item) => !item.archived || keep.includes(item.id))
    .map((item) => ({ id: item.id, name: localName(item), keywords: [item.name], swatch: item.code }));
}

/**
 * Names the variants' colours and sizes: `Red / M`, `Red`, or null for a product's only variant,
 * which has neither. An id the lists do not hold (yet) shows as `#id`.
 */
export function useVariantOptionNames() {
  const colors = useQuery(catalogueChoices.options('colors'));
  const sizes = useQuery(catalogueChoices.options('sizes'));
  const localName = useLocalName();
  const nameIn = (items: TaxonomyItem[] | undefined, id: number | null) => {
    if (id === null) return null;
    const item = items?.find((candidate) => candidate.id === id);
    return item ? localName(item) : `#${id}`;
  };
  return (variant: Pick<ConsoleVariant, 'color_id' | 'size_id'>) => {
    const names = [nameIn(colors.data, variant.color_id), nameIn(sizes.data, variant.size_id)].filter((name) => name !== null);
    return names.length > 0 ? names.join(' / ') : null;
  };
}
