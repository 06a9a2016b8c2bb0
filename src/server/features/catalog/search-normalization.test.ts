import { expect, it } from 'vitest';
import { normalizeSearchText } from './search-normalization.ts';

it('writes the Arabic letters with more than one form in one, and leaves out marks and tatweel', () => {
  expect(normalizeSearchText('أحمد إيمان آية ٱلله')).toBe('احمد ايمان ايه الله');
  expect(normalizeSearchText('مؤمن شاطئ مستشفى')).toBe('مومن شاطي مستشفي');
  expect(normalizeSearchText('سَاعَةٌ ذَكِيَّةٌ كتـــاب')).toBe('ساعه ذكيه كتاب');
});

it('writes the Persian yeh, kaf and heh with yeh as the Arabic letters, and joins a word its non-joiner parts', () => {
  expect(normalizeSearchText('کیف چرمی')).toBe('كيف چرمي');
  expect(normalizeSearchText('خانهٔ خانۀ کتاب‌ها')).toBe('خانه خانه كتابها');
});

it('reads Arabic-Indic and Persian digits as 0–9, and leaves other scripts alone', () => {
  expect(normalizeSearchText('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  expect(normalizeSearchText('Galaxy A55 5G — Ⅻ')).toBe('Galaxy A55 5G — Ⅻ');
});
