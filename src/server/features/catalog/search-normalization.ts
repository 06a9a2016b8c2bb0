/**
 * Arabic and Persian letters a shopper may type in another of their forms, each with the one form
 * the search indexes: alef with hamza or madda and wasla as bare alef, hamza on waw and on yaa as
 * the bare letter, taa marbuta as haa, alef maqsura and the Persian yeh as yaa, the Persian kaf as
 * kaf, heh with yeh as heh; and Arabic-Indic and Persian digits as the digits 0–9.
 */
const LETTER_FORMS: Readonly<Record<string, string>> = {
  'أ': 'ا',
  'إ': 'ا',
  'آ': 'ا',
  'ٱ': 'ا',
  'ؤ': 'و',
  'ئ': 'ي',
  'ة': 'ه',
  'ى': 'ي',
  'ی': 'ي',
  'ک': 'ك',
  'ۀ': 'ه',
  ...Object.fromEntries([0x0660, 0x06f0].flatMap((zero) => [...'0123456789'].map((digit, value) => [String.fromCodePoint(zero + value), digit]))),
};

/**
 * Left out of words: the short vowels and other marks above and below letters (U+064B–U+065F, the
 * superscript alef), the tatweel that stretches a word, and the zero-width non-joiner inside
 * Persian words ("کتاب‌ها" is one word): a word is found written with or without them.
 */
const MARKS = '\u064B-\u065F\u0670\u0640\u200C';

const FORMS = new RegExp(`[${Object.keys(LETTER_FORMS).join('')}]|[${MARKS}]`, 'gu');

/**
 * Text as the search sees it, the catalogue's and the shopper's alike: `search_normalize` (migration
 * 0066) is the same mapping for the catalogue's texts, and a test holds the two equal.
 */
export function normalizeSearchText(text: string): string {
  return text.replace(FORMS, (character) => LETTER_FORMS[character] ?? '');
}
