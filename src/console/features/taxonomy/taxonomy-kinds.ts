import { t } from '../../../client/lib/i18n.ts';
import type { TaxonomyKind } from '../../../shared/taxonomy-console.contract.ts';

/** What the console shows and edits of one kind of the store's taxonomy. Texts are read at render, in the console's language. */
export interface TaxonomyKindView {
  kind: TaxonomyKind;
  /** The page's (or section's) title. */
  title(): string;
  /** The create button and the new record's dialog title. */
  create(): string;
  /** The list's text when it has none. */
  empty(): string;
  archiveQuestion(name: string): string;
  /** The audit log's entity type of its records (decision 032). */
  entityType: string;
  slug: boolean;
  /** A picture: a category's or sub-category's thumbnail, a brand's logo. */
  image: boolean;
  /** A colour's `#rrggbb`. */
  code: boolean;
  /** The name in Arabic and Persian (not for brands: proper names). */
  translated: boolean;
  /** A commission rate of its own over the store's (categories: decision 052). */
  commission?: boolean;
}

/** The fields follow the contract's create schemas (`taxonomyCreateSchemas`). */
export const taxonomyKindViews: Record<TaxonomyKind, TaxonomyKindView> = {
  categories: {
    kind: 'categories',
    title: () => t('Categories'),
    create: () => t('New category'),
    empty: () => t('No categories yet.'),
    archiveQuestion: (name) => t('Archive the category {{name}}?', { name }),
    entityType: 'category',
    slug: true,
    image: true,
    code: false,
    translated: true,
    commission: true,
  },
  'sub-categories': {
    kind: 'sub-categories',
    title: () => t('Sub-categories'),
    create: () => t('New sub-category'),
    empty: () => t('No sub-categories yet.'),
    archiveQuestion: (name) => t('Archive the sub-category {{name}}?', { name }),
    entityType: 'sub_category',
    slug: true,
    image: true,
    code: false,
    translated: true,
  },
  brands: {
    kind: 'brands',
    title: () => t('Brands'),
    create: () => t('New brand'),
    empty: () => t('No brands yet.'),
    archiveQuestion: (name) => t('Archive the brand {{name}}?', { name }),
    entityType: 'brand',
    slug: true,
    image: true,
    code: false,
    translated: false,
  },
  colors: {
    kind: 'colors',
    title: () => t('Colours'),
    create: () => t('New colour'),
    empty: () => t('No colours yet.'),
    archiveQuestion: (name) => t('Archive the colour {{name}}?', { name }),
    entityType: 'color',
    slug: false,
    image: false,
    code: true,
    translated: true,
  },
  sizes: {
    kind: 'sizes',
    title: () => t('Sizes'),
    create: () => t('New size'),
    empty: () => t('No sizes yet.'),
    archiveQuestion: (name) => t('Archive the size {{name}}?', { name }),
    entityType: 'size',
    slug: false,
    image: false,
    code: false,
    translated: true,
  },
  units: {
    kind: 'units',
    title: () => t('Units'),
    create: () => t('New unit'),
    empty: () => t('No units yet.'),
    archiveQuestion: (name) => t('Archive the unit {{name}}?', { name }),
    entityType: 'unit',
    slug: false,
    image: false,
    code: false,
    translated: true,
  },
};
