import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client.ts';
import { products, PRODUCTS_GIN_PENDING_LIST_KB } from '../db/schema.ts';
import { refreshSearchPostings, updateSearchWords } from '../features/catalog/search-terms.ts';
import { placeholderPath } from '../features/media/placeholder-image.ts';
import { catalogSeeds, clothingSizes, shoeSizes } from './data/catalog-items.ts';
import { categoryTranslations } from './data/catalog-translations.ts';
import { addSeededVariants } from './variants.seed.ts';

// Benchmark data: many believable products made by the database itself, with set-based SQL.

const adjectives = [
  'Classic', 'Premium', 'Compact', 'Ultra', 'Eco', 'Vintage', 'Modern', 'Essential', 'Deluxe', 'Smart',
  'Pro', 'Lightweight', 'Heavy-Duty', 'Portable', 'Signature', 'Urban', 'Everyday', 'Luxe', 'Rugged', 'Minimalist',
  'Organic', 'Handmade', 'Nordic', 'Coastal', 'Heritage', 'Sport', 'Soft', 'Bold', 'Travel', 'Studio',
  'Advanced', 'Natural', 'Retro', 'Slim', 'Cosy', 'Bright', 'Quiet', 'Rapid', 'Golden', 'Alpine',
];

/** Per sub-category slug: what the products are and a word that qualifies them. */
const vocabulary: Record<string, { nouns: string[]; qualities: string[] }> = {
  'electronics-phones': { nouns: ['Smartphone', 'Phone', 'Flip Phone', 'Handset', 'Camera Phone', 'Foldable'], qualities: ['5G', 'Dual SIM', 'OLED', 'Titanium', '128GB', '256GB'] },
  'electronics-laptops': { nouns: ['Laptop', 'Notebook', 'Ultrabook', 'Chromebook', '2-in-1 Laptop', 'Gaming Laptop'], qualities: ['14-inch', '16-inch', 'OLED', 'Aluminium', 'Touchscreen', 'Creator'] },
  'electronics-audio': { nouns: ['Headphones', 'Earbuds', 'Speaker', 'Soundbar', 'Turntable', 'Headset'], qualities: ['Wireless', 'Noise-Cancelling', 'Bluetooth', 'Hi-Fi', 'Waterproof', 'Studio'] },
  'electronics-cameras': { nouns: ['Camera', 'Lens', 'Action Camera', 'Tripod', 'Gimbal', 'Camera Bag'], qualities: ['Mirrorless', 'Full-Frame', '4K', 'Zoom', 'Prime', 'Vlogging'] },
  'electronics-wearables': { nouns: ['Smartwatch', 'Fitness Tracker', 'Sports Watch', 'Smart Ring', 'Watch Strap', 'GPS Watch'], qualities: ['AMOLED', 'Solar', 'Titanium', 'Cellular', 'Sleep-Tracking', 'Waterproof'] },
  'fashion-men': { nouns: ['Shirt', 'Jeans', 'Sweater', 'T-Shirt', 'Jacket', 'Chinos'], qualities: ['Cotton', 'Linen', 'Merino', 'Denim', 'Oxford', 'Slim Fit'] },
  'fashion-women': { nouns: ['Dress', 'Blouse', 'Skirt', 'Cardigan', 'Coat', 'Leggings'], qualities: ['Satin', 'Linen', 'Cashmere', 'Pleated', 'Wrap', 'High-Waist'] },
  'fashion-kids': { nouns: ['Hoodie', 'Joggers', 'Pyjamas', 'Rain Jacket', 'Dungarees', 'T-Shirt'], qualities: ['Cotton', 'Fleece', 'Printed', 'Waterproof', 'Striped', 'Organic Cotton'] },
  'fashion-shoes': { nouns: ['Sneakers', 'Running Shoes', 'Boots', 'Loafers', 'Sandals', 'Slides'], qualities: ['Leather', 'Suede', 'Canvas', 'Trail', 'Knit', 'Cushioned'] },
  'fashion-bags': { nouns: ['Backpack', 'Tote', 'Crossbody Bag', 'Duffel', 'Wallet', 'Waist Pack'], qualities: ['Leather', 'Canvas', 'Nylon', 'Recycled', 'Water-Resistant', 'Quilted'] },
  'home-and-living-furniture': { nouns: ['Armchair', 'Bookcase', 'Coffee Table', 'Dresser', 'Sofa', 'Desk'], qualities: ['Oak', 'Walnut', 'Rattan', 'Velvet', 'Birch', 'Upholstered'] },
  'home-and-living-kitchen': { nouns: ['Kettle', 'Chef Knife', 'Frying Pan', 'Casserole', 'Coffee Grinder', 'Mixing Bowls'], qualities: ['Cast Iron', 'Stainless Steel', 'Ceramic', 'Non-Stick', 'Copper', 'Glass'] },
  'home-and-living-decor': { nouns: ['Vase', 'Table Lamp', 'Wall Mirror', 'Rug', 'Candle', 'Wall Art'], qualities: ['Ceramic', 'Brass', 'Jute', 'Marble', 'Linen', 'Stoneware'] },
  'home-and-living-bedding': { nouns: ['Duvet Cover', 'Sheet Set', 'Pillow', 'Throw Blanket', 'Comforter', 'Mattress Topper'], qualities: ['Percale', 'Sateen', 'Linen', 'Bamboo', 'Memory Foam', 'Flannel'] },
  'beauty-skincare': { nouns: ['Serum', 'Moisturiser', 'Cleanser', 'Face Mask', 'Toner', 'Eye Cream'], qualities: ['Vitamin C', 'Retinol', 'Hyaluronic', 'Niacinamide', 'Ceramide', 'SPF 50'] },
  'beauty-makeup': { nouns: ['Mascara', 'Foundation', 'Lipstick', 'Concealer', 'Eyeshadow Palette', 'Blush'], qualities: ['Matte', 'Waterproof', 'Long-Wear', 'Dewy', 'Volumising', 'Satin'] },
  'beauty-fragrance': { nouns: ['Eau de Parfum', 'Cologne', 'Body Mist', 'Perfume Oil', 'Scented Candle', 'Body Lotion'], qualities: ['Citrus', 'Woody', 'Floral', 'Amber', 'Musk', 'Vanilla'] },
  'beauty-hair-care': { nouns: ['Shampoo', 'Conditioner', 'Hair Oil', 'Hair Mask', 'Hair Dryer', 'Styling Cream'], qualities: ['Argan', 'Keratin', 'Repairing', 'Volumising', 'Curl', 'Sulfate-Free'] },
  'sports-and-outdoors-fitness': { nouns: ['Yoga Mat', 'Dumbbells', 'Kettlebell', 'Resistance Bands', 'Foam Roller', 'Jump Rope'], qualities: ['Non-Slip', 'Adjustable', 'Cast Iron', 'Neoprene', 'High-Density', 'Weighted'] },
  'sports-and-outdoors-camping': { nouns: ['Tent', 'Sleeping Bag', 'Camping Stove', 'Cooler', 'Headlamp', 'Camp Chair'], qualities: ['Waterproof', 'Ultralight', '4-Person', 'Insulated', 'Folding', 'Three-Season'] },
  'sports-and-outdoors-cycling': { nouns: ['Bike Helmet', 'Bike Light', 'Floor Pump', 'Cycling Jersey', 'Bike Computer', 'Saddle'], qualities: ['Carbon', 'MIPS', 'Aero', 'Gravel', 'Road', 'Rechargeable'] },
  'sports-and-outdoors-team-sports': { nouns: ['Basketball', 'Football', 'Tennis Racket', 'Volleyball', 'Shin Guards', 'Goalkeeper Gloves'], qualities: ['Match', 'Training', 'Indoor', 'Outdoor', 'Official', 'Junior'] },
  'grocery-snacks': { nouns: ['Granola Bars', 'Trail Mix', 'Kettle Chips', 'Almonds', 'Dark Chocolate', 'Rice Crackers'], qualities: ['Organic', 'Salted', 'Honey', 'Gluten-Free', 'Roasted', 'Sea Salt'] },
  'grocery-beverages': { nouns: ['Ground Coffee', 'Green Tea', 'Orange Juice', 'Sparkling Water', 'Oat Milk', 'Espresso Beans'], qualities: ['Organic', 'Cold-Pressed', 'Decaf', 'Fairtrade', 'Single-Origin', 'Barista'] },
  'grocery-pantry': { nouns: ['Olive Oil', 'Rolled Oats', 'Basmati Rice', 'Spaghetti', 'Honey', 'Quinoa'], qualities: ['Extra Virgin', 'Organic', 'Wholegrain', 'Aged', 'Bronze-Cut', 'Raw'] },
  'grocery-fresh-produce': { nouns: ['Apples', 'Avocados', 'Tomatoes', 'Spinach', 'Strawberries', 'Carrots'], qualities: ['Organic', 'Local', 'Vine-Ripened', 'Baby', 'Heirloom', 'Seasonal'] },
  'toys-and-games-building-sets': { nouns: ['Building Set', 'Brick Box', 'Castle Kit', 'Space Station', 'Race Car Kit', 'Tile Set'], qualities: ['Magnetic', 'Creative', 'Motorised', 'City', 'Dinosaur', 'Pirate'] },
  'toys-and-games-board-games': { nouns: ['Board Game', 'Card Game', 'Jigsaw Puzzle', 'Strategy Game', 'Party Game', 'Chess Set'], qualities: ['Family', 'Cooperative', '1000-Piece', 'Trivia', 'Wooden', 'Travel'] },
  'toys-and-games-dolls': { nouns: ['Doll', 'Dollhouse', 'Plush Toy', 'Playset', 'Baby Doll', 'Figure Set'], qualities: ['Fashion', 'Wooden', 'Interactive', 'Soft', 'Collectible', 'Musical'] },
  'toys-and-games-outdoor-play': { nouns: ['Water Blaster', 'Scooter', 'Play Tent', 'Kite', 'Trampoline', 'Swing'], qualities: ['Foldable', 'Pop-Up', 'Light-Up', 'Junior', 'Garden', 'Foam'] },
  'books-fiction': { nouns: ['Novel', 'Thriller', 'Mystery', 'Romance', 'Fantasy Saga', 'Short Stories'], qualities: ['Paperback', 'Hardcover', 'Bestselling', 'Award-Winning', 'Illustrated', 'Collected'] },
  'books-non-fiction': { nouns: ['Memoir', 'Biography', 'History', 'Cookbook', 'Self-Help Guide', 'Science Book'], qualities: ['Paperback', 'Hardcover', 'Bestselling', 'Illustrated', 'Revised', 'Pocket'] },
  'books-children': { nouns: ['Picture Book', 'Board Book', 'Storybook', 'Activity Book', 'Chapter Book', 'Bedtime Stories'], qualities: ['Illustrated', 'Lift-the-Flap', 'Rhyming', 'Touch-and-Feel', 'Bilingual', 'Classic'] },
  'books-comics': { nouns: ['Graphic Novel', 'Comic Collection', 'Manga Volume', 'Superhero Anthology', 'Webcomic Book', 'Art Book'], qualities: ['Deluxe', 'Omnibus', 'Collected', 'Hardcover', 'Colour', 'Limited'] },
};
const fallbackVocabulary = {
  nouns: ['Kit', 'Set', 'Organizer', 'Gift Box', 'Accessory', 'Bundle'],
  qualities: ['Standard', 'Plus', 'Max', 'Mini', 'Classic', 'Limited'],
};
const WORDS_PER_SUB = 6;

/**
 * Model names coined from three syllables and an ending (80³ × 4 = 2 million), so a large bulk
 * catalogue has a vocabulary the size of a real one (100,000 products: 97,600 distinct names, a
 * dictionary of 99,000 words) and the typo-tolerant search pays its real cost. Deterministic, like
 * everything here.
 */
const syllables = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'tr'].flatMap((onset) =>
  ['a', 'e', 'i', 'o', 'u'].map((vowel) => onset + vowel),
);
const modelEndings = ['', 'n', 'r', 's'];

/**
 * The model names in Arabic and Persian letters, coined the same way (80 syllables each), before the
 * sub-category's name in the language and the same code: "بوليرا الهواتف KQ-512". So a search in
 * Arabic or Persian meets a vocabulary as large as the English one (decision 076).
 */
const translatedSyllables = {
  ar: ['ب', 'د', 'ف', 'ج', 'ك', 'ل', 'م', 'ن', 'ر', 'س', 'ت', 'ز', 'ش', 'ق', 'ح', 'ط'].flatMap((onset) => ['ا', 'و', 'ي', 'ر', 'ن'].map((vowel) => onset + vowel)),
  ir: ['ب', 'د', 'ف', 'گ', 'ک', 'ل', 'م', 'ن', 'ر', 'س', 'ت', 'ز', 'ش', 'پ', 'چ', 'ژ'].flatMap((onset) => ['ا', 'و', 'ی', 'ر', 'ن'].map((vowel) => onset + vowel)),
};

const openings = [
  'is built to last for years of everyday use',
  'combines everyday comfort with a clean, modern look',
  'was designed with feedback from thousands of customers',
  'brings premium quality at a sensible price',
  'is a customer favourite for good reason',
  'makes a thoughtful gift for friends and family',
  'balances performance and simplicity',
  'is made from carefully selected materials',
  'is our most versatile pick this season',
  'has been refined over several generations',
  'packs big features into a small footprint',
  'is easy to use straight out of the box',
];
const closings = [
  'Backed by a one-year warranty.',
  'Ships within 24 hours from our warehouse.',
  'Free returns within 30 days.',
  'Packed in recyclable materials.',
  'Rated highly by our customers for value.',
  'Available while stocks last.',
  'Care instructions are included in the box.',
  'Order before noon for same-day dispatch.',
];

const textArray = (values: readonly string[]): SQL => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;
const intArray = (values: readonly (number | null)[]): SQL =>
  sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::int[]`;

/** `count` values taken from `values` in turn (a, b, a, b, ...), so every group has the same length. */
/** A group's sub-category (or category) name in `locale`, its English name where the demo has none. */
const rangeIn = (group: Group, locale: 'ar' | 'ir') => {
  const name = group.subCategoryName ?? group.categoryName;
  return categoryTranslations[name]?.[locale]?.name ?? name;
};

const cycle = <T>(values: readonly T[], count: number): T[] => Array.from({ length: count }, (_, index) => values[index % values.length]!);

interface Group {
  categoryId: number;
  subCategoryId: number | null;
  slug: string;
  categoryName: string;
  subCategoryName: string | null;
}

export interface BulkOptions {
  /**
   * How many ranges to insert at once, each in its own transaction on its own connection. Worth
   * raising on PostgreSQL (index upkeep and the search vector are CPU-bound); PGlite runs one at a time.
   */
  concurrency?: number;
}

/**
 * Adds `count` active products for benchmarks, generated by the database with set-based SQL: each
 * range of products, with its image, colours and sizes, is a single statement. Needs the demo
 * catalogue (shops, categories) first. Every run adds more: slugs and SKUs continue from the highest
 * product id. Not atomic across ranges when `concurrency` > 1.
 */
export async function seedBulkProducts(db: Db, count: number, options: BulkOptions = {}): Promise<{ added: number }> {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a whole number, not ${count}`);
  if (count === 0) return { added: 0 };
  const concurrency = Math.max(1, Math.min(Math.floor(options.concurrency ?? 1), 16));

  const shopRows = await queryRows<{ id: number }>(db, sql`select id from shops where is_active order by id`);
  const brandRows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from brands order by id`);
  const colorRows = await queryRows<{ id: number }>(db, sql`select id from colors order by id`);
  const sizeRows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from sizes order by sort_order, id`);
  const subRows = await queryRows<Group>(
    db,
    sql`select s.category_id as "categoryId", s.id as "subCategoryId", s.slug, c.name as "categoryName", s.name as "subCategoryName"
        from sub_categories s join categories c on c.id = s.category_id
        order by s.id`,
  );
  const categoryRows = await queryRows<Group>(
    db,
    sql`select id as "categoryId", null as "subCategoryId", slug, name as "categoryName", null as "subCategoryName"
        from categories order by id`,
  );
  // Which shops and brands already sell in each sub-category, so new products land in fitting ones.
  const usage = await queryRows<{ subCategoryId: number; shopIds: number[]; brandIds: number[] | null }>(
    db,
    sql`select sub_category_id as "subCategoryId",
               array_agg(distinct shop_id) as "shopIds",
               array_agg(distinct brand_id) filter (where brand_id is not null) as "brandIds"
        from products where sub_category_id is not null and sku not like 'BULK-%' group by sub_category_id`,
  );
  const [maxRow] = await queryRows<{ maxId: number }>(db, sql`select coalesce(max(id), 0)::int as "maxId" from products`);
  if (shopRows.length === 0 || categoryRows.length === 0) {
    throw new Error('Seed the demo store first: bulk products need at least one shop and one category.');
  }

  const groups = subRows.length > 0 ? subRows : categoryRows;
  const usageBySub = new Map(usage.map((row) => [row.subCategoryId, row]));
  const brandName = new Map(brandRows.map((row) => [row.id, row.name]));
  const seedBySlug = new Map(catalogSeeds.map((seed) => [seed.subCategory, seed]));

  // Everything per group is flattened into arrays of WORDS_PER_SUB slots: group g uses slots g*6+1 .. g*6+6.
  const nouns: string[] = [];
  const qualities: string[] = [];
  const slotShopIds: number[] = [];
  const slotBrandIds: (number | null)[] = [];
  const slotBrandNames: string[] = [];
  const slotKeywords: string[] = [];
  const minPrices: number[] = [];
  const maxPrices: number[] = [];
  const units: string[] = [];
  for (const group of groups) {
    const words = vocabulary[group.slug] ?? fallbackVocabulary;
    nouns.push(...cycle(words.nouns, WORDS_PER_SUB));
    qualities.push(...cycle(words.qualities, WORDS_PER_SUB));
    const used = group.subCategoryId === null ? undefined : usageBySub.get(group.subCategoryId);
    const shopIds = used?.shopIds.length ? used.shopIds : shopRows.map((row) => row.id);
    const brandIds: (number | null)[] = used?.brandIds?.length
      ? used.brandIds
      : brandRows.length > 0
        ? brandRows.map((row) => row.id)
        : [null];
    slotShopIds.push(...cycle(shopIds, WORDS_PER_SUB));
    const slotBrands = cycle(brandIds, WORDS_PER_SUB);
    slotBrandIds.push(...slotBrands);
    slotBrandNames.push(...slotBrands.map((id) => (id === null ? '' : (brandName.get(id) ?? ''))));
    slotKeywords.push(
      ...slotBrands.map((id) =>
        [id === null ? undefined : brandName.get(id), group.categoryName, group.subCategoryName].filter(Boolean).join(' '),
      ),
    );
    const seed = seedBySlug.get(group.slug);
    const prices = seed?.items.map((entry) => entry.price) ?? [500, 20_000];
    minPrices.push(Math.max(199, Math.round(Math.min(...prices) * 0.6)));
    maxPrices.push(Math.round(Math.max(...prices) * 1.3));
    units.push(seed?.unit ?? 'pc');
  }
  const sizedGroups = (kind: 'clothing' | 'shoes') =>
    groups.filter((group) => group.subCategoryId !== null && seedBySlug.get(group.slug)?.sizes === kind).map((group) => group.subCategoryId);
  const sizeIds = (names: readonly string[]) => sizeRows.filter((row) => names.includes(row.name)).map((row) => row.id);
  const clothingSizeIds = sizeIds(clothingSizes);
  const shoeSizeIds = sizeIds(shoeSizes);
  const [thumbnailPrefix, thumbnailSuffix] = placeholderPath('product', 'SLUG').split('SLUG') as [string, string];
  const G = groups.length;
  const W = WORDS_PER_SUB;
  const S = syllables.length;
  const E = modelEndings.length;

  // Products numbered first..last (the number makes the slug and every pseudo-random choice):
  // h<k> is a well-mixed, non-negative 31-bit hash of the number for the k-th property.
  const insertRange = (first: number, last: number) => sql`
    with lists as (
      select ${textArray(adjectives)} as adjectives,
             ${textArray(syllables)} as syllables,
             ${textArray(modelEndings)} as model_endings,
             ${textArray(nouns)} as nouns,
             ${textArray(qualities)} as qualities,
             ${intArray(slotShopIds)} as shop_ids,
             ${intArray(slotBrandIds)} as brand_ids,
             ${textArray(slotBrandNames)} as brand_names,
             ${textArray(slotKeywords)} as keywords,
             ${intArray(groups.map((group) => group.categoryId))} as category_ids,
             ${intArray(groups.map((group) => group.subCategoryId))} as sub_category_ids,
             ${textArray(groups.map((group) => group.subCategoryName ?? group.categoryName))} as ranges,
             ${textArray(translatedSyllables.ar)} as ar_syllables,
             ${textArray(translatedSyllables.ir)} as ir_syllables,
             ${textArray(groups.map((group) => rangeIn(group, 'ar')))} as ar_ranges,
             ${textArray(groups.map((group) => rangeIn(group, 'ir')))} as ir_ranges,
             ${intArray(minPrices)} as min_prices,
             ${intArray(maxPrices)} as max_prices,
             ${textArray(units)} as units,
             ${textArray(openings)} as openings,
             ${textArray(closings)} as closings,
             ${intArray(colorRows.map((row) => row.id))} as color_ids,
             ${intArray(clothingSizeIds)} as clothing_sizes,
             ${intArray(shoeSizeIds)} as shoe_sizes,
             ${intArray(sizedGroups('clothing'))} as clothing_subs,
             ${intArray(sizedGroups('shoes'))} as shoe_subs
    ),
    numbered as (
      select n,
             (hashint4(n * 16 + 0)::bigint & 2147483647) as h0,
             (hashint4(n * 16 + 1)::bigint & 2147483647) as h1,
             (hashint4(n * 16 + 2)::bigint & 2147483647) as h2,
             (hashint4(n * 16 + 3)::bigint & 2147483647) as h3,
             (hashint4(n * 16 + 4)::bigint & 2147483647) as h4,
             (hashint4(n * 16 + 5)::bigint & 2147483647) as h5,
             (hashint4(n * 16 + 6)::bigint & 2147483647) as h6,
             (hashint4(n * 16 + 7)::bigint & 2147483647) as h7,
             (hashint4(n * 16 + 8)::bigint & 2147483647) as h8,
             (hashint4(n * 16 + 9)::bigint & 2147483647) as h9,
             (hashint4(n * 16 + 10)::bigint & 2147483647) as h10
      from generate_series(${first}::int, ${last}::int) as n
    ),
    grouped as (
      select *, (h0 % ${G})::int as grp, floor(5000 * power(h4::float8 / 2147483648, 3))::int as sold,
        least(20000, floor(20000 * power(h6::float8 / 2147483648, 2)))::int as views from numbered
    ),
    shaped as (
      select g.*,
             g.grp * ${W} + 1 + (g.h2 % ${W})::int as slot,
             l.adjectives[1 + (g.h1 % array_length(l.adjectives, 1))::int] || ' '
               || l.qualities[g.grp * ${W} + 1 + (g.h3 % ${W})::int] || ' '
               || l.nouns[g.grp * ${W} + 1 + (g.h4 % ${W})::int] || ' '
               || initcap(l.syllables[1 + (g.h10 % ${S})::int] || l.syllables[1 + (g.h10 / ${S} % ${S})::int]
                  || l.syllables[1 + (g.h10 / ${S * S} % ${S})::int] || l.model_endings[1 + (g.h10 / ${S * S * S} % ${E})::int]) || ' '
               || chr(65 + (g.h5 % 26)::int) || chr(65 + (g.h5 / 26 % 26)::int) || '-' || (100 + g.h5 % 900)::text as name,
             jsonb_build_object(
               'ar', jsonb_build_object('name', l.ar_syllables[1 + (g.h10 % ${S})::int] || l.ar_syllables[1 + (g.h10 / ${S} % ${S})::int]
                 || l.ar_syllables[1 + (g.h10 / ${S * S} % ${S})::int] || ' ' || l.ar_ranges[1 + g.grp] || ' '
                 || chr(65 + (g.h5 % 26)::int) || chr(65 + (g.h5 / 26 % 26)::int) || '-' || (100 + g.h5 % 900)::text),
               'ir', jsonb_build_object('name', l.ir_syllables[1 + (g.h10 % ${S})::int] || l.ir_syllables[1 + (g.h10 / ${S} % ${S})::int]
                 || l.ir_syllables[1 + (g.h10 / ${S * S} % ${S})::int] || ' ' || l.ir_ranges[1 + g.grp] || ' '
                 || chr(65 + (g.h5 % 26)::int) || chr(65 + (g.h5 / 26 % 26)::int) || '-' || (100 + g.h5 % 900)::text)) as translations,
             (l.min_prices[1 + g.grp] + g.h6 % greatest(1, l.max_prices[1 + g.grp] - l.min_prices[1 + g.grp]))::int as raw_price
      from grouped g, lists l
    ),
    priced as (
      -- Charm prices: ...99, or ...9 under 10.00.
      select s.*, (case when raw_price >= 1000 then raw_price / 100 * 100 + 99 else raw_price / 10 * 10 + 9 end)::int as price
      from shaped s
    ),
    -- Two colours on a third of the products; a contiguous run of sizes on clothing and shoes (skip
    -- the first n % 2 and the last n % 3). On the row as the triggers would copy them (sorted ids),
    -- so the triggers find nothing to write and each product is written once.
    optioned as (
      select p.*,
             case when p.n % 3 = 0 and array_length(l.color_ids, 1) >= 2
               then array(select distinct l.color_ids[1 + (p.n + k * 5) % array_length(l.color_ids, 1)] from generate_series(0, 1) k order by 1)
               else '{}' end as colour_list,
             array(select z.size_id from unnest(kind.sizes) with ordinality as z(size_id, position)
                   where z.position > p.n % 2 and z.position <= cardinality(kind.sizes) - p.n % 3
                   order by z.size_id) as size_list
      from priced p, lists l,
        lateral (select case when l.sub_category_ids[1 + p.grp] = any(l.clothing_subs) then l.clothing_sizes
                             when l.sub_category_ids[1 + p.grp] = any(l.shoe_subs) then l.shoe_sizes
                             else '{}'::int[] end as sizes) kind
    ),
    inserted as (
      insert into products (
        shop_id, category_id, sub_category_id, brand_id, name, translations, slug, sku, description, unit, thumbnail,
        price, discount_price, tax_rate, stock, status, total_sold, ranked_sold, view_count, popular_views, keywords, created_at, updated_at, color_ids, size_ids
      )
      select
        l.shop_ids[p.slot],
        l.category_ids[1 + p.grp],
        l.sub_category_ids[1 + p.grp],
        l.brand_ids[p.slot],
        p.name,
        p.translations,
        'bulk-' || p.n,
        'BULK-' || lpad(p.n::text, 8, '0'),
        'The ' || p.name || ' ' || l.openings[1 + (p.h7 % array_length(l.openings, 1))::int] || '. '
          || case when l.brand_names[p.slot] = '' then 'Part of our ' || lower(l.ranges[1 + p.grp]) || ' range. '
                  else 'Another favourite from ' || l.brand_names[p.slot] || ' in our ' || lower(l.ranges[1 + p.grp]) || ' range. ' end
          || l.closings[1 + (p.h8 / 100 % array_length(l.closings, 1))::int],
        l.units[1 + p.grp],
        ${thumbnailPrefix}::text || 'bulk-' || p.n || ${thumbnailSuffix}::text,
        p.price,
        -- About 35 % discounted by 5-40 %, rounded down to ...99 (or ...9 under 10.00).
        case when p.h8 % 100 < 35 then greatest(0, least(p.price - 1,
          case when p.price >= 1000 then p.price * (60 + p.h9 % 36) / 10000 * 100 - 1
               else p.price * (60 + p.h9 % 36) / 1000 * 10 - 1 end)) else 0 end,
        (array[0, 500, 750, 1000])[1 + (p.h1 / 7 % 4)::int],
        -- About 8 % out of stock, 3 % with 1-3 left.
        case when p.h9 / 100 % 100 < 8 then 0 when p.h9 / 100 % 100 < 11 then 1 + (p.h7 / 13 % 3)::int else 5 + (p.h7 / 13 % 196)::int end,
        'active',
        p.sold,
        p.sold,
        p.views,
        p.views,
        l.keywords[p.slot],
        now() - (p.h5 / 7 % (120 * 86400)) * interval '1 second',
        now() - (p.h5 / 7 % (120 * 86400)) * interval '1 second',
        p.colour_list,
        p.size_list
      from optioned p, lists l
      returning id, thumbnail, color_ids, size_ids
    ),
    images as (
      insert into product_images (product_id, url, sort_order)
      select id, thumbnail, 0 from inserted
    ),
    product_colours as (
      insert into product_colors (product_id, color_id)
      select i.id, colour.id from inserted i cross join unnest(i.color_ids) as colour(id)
    ),
    product_sizes_added as (
      insert into product_sizes (product_id, size_id)
      select i.id, size.id from inserted i cross join unnest(i.size_ids) as size(id)
    )
    select coalesce(array_agg(id), '{}') as ids from inserted`;

  const start = maxRow?.maxId ?? 0;
  const parts = Math.min(concurrency, count);
  const ranges = Array.from({ length: parts }, (_, part) => {
    const first = start + 1 + Math.floor((count * part) / parts);
    const last = start + Math.floor((count * (part + 1)) / parts);
    return [first, last] as const;
  });
  // A load this size goes into the products' search and option indexes through a long pending list,
  // merged once after it (merging the store's short one every 64 kB would make a large load far slower).
  await setProductsGinPendingLists(db, 'long');
  const added = await Promise.all(
    ranges.map(([first, last]) =>
      db.transaction(async (tx) => {
        const [row] = await queryRows<{ ids: number[] }>(tx, insertRange(first, last));
        const ids = row?.ids ?? [];
        await addSeededVariants(tx, ids);
        return ids;
      }),
    ),
  );
  const ids = added.flat();
  await updateSearchWords(db, ids);
  // So many new words wait in the trigram index's pending list, which every typo lookup would read
  // through (and the planner would avoid the index) until a vacuum merged them: merge them now.
  await db.execute(sql`select gin_clean_pending_list('search_words_trgm_idx'::regclass)`);
  await setProductsGinPendingLists(db, 'short');
  // The words the load made frequent get their search postings (migration 0045).
  await refreshSearchPostings(db);
  // What autovacuum would do soon after a load this size: the visibility map and hint bits set, so
  // the first reads need not set them, and fresh statistics.
  await db.execute(sql`vacuum analyze products, product_variants, search_words, search_word_deletes, search_postings`);
  return { added: ids.length };
}

const PRODUCTS_GIN_INDEXES = getTableConfig(products).indexes.filter((index) => index.config.method === 'gin').map((index) => index.config.name!);

/** Lengthens the pending lists of the products' GIN indexes for a load, or merges what waits in them and shortens them again. */
async function setProductsGinPendingLists(db: Db, length: 'long' | 'short') {
  for (const name of PRODUCTS_GIN_INDEXES) {
    await db.execute(sql.raw(`alter index ${name} set (gin_pending_list_limit = ${length === 'long' ? 65536 : PRODUCTS_GIN_PENDING_LIST_KB})`));
    if (length === 'short') await db.execute(sql.raw(`select gin_clean_pending_list('${name}'::regclass)`));
  }
}
