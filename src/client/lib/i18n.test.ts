import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, setMessages, t } from './i18n.ts';

const items = { one: '{{count}} Item', other: '{{count}} Items' };
const posts = { one: '{{count}} post', other: '{{count}} posts' };
const arabicPosts = {
  '{{count}} posts_zero': 'لا توجد مقالات',
  '{{count}} posts_one': 'مقال واحد',
  '{{count}} posts_two': 'مقالان',
  '{{count}} posts_few': '{{count}} مقالات',
  '{{count}} posts_many': '{{count}} مقالًا',
  '{{count}} posts_other': '{{count}} مقال',
};
const counts = [0, 1, 2, 3, 11, 100];

describe('t() with counted texts (decision 002)', () => {
  afterEach(() => {
    setLanguage('en');
    setMessages({});
  });

  it('picks the English form from the code without any messages loaded', () => {
    expect(counts.map((count) => t(items, { count }))).toEqual(['0 Items', '1 Item', '2 Items', '3 Items', '11 Items', '100 Items']);
  });

  it('uses the six Arabic forms', () => {
    setLanguage('ar');
    setMessages(arabicPosts);
    expect(counts.map((count) => t(posts, { count }))).toEqual(['لا توجد مقالات', 'مقال واحد', 'مقالان', '3 مقالات', '11 مقالًا', '100 مقال']);
  });

  it('falls back to the translation of "other", then to English, for a missing form', () => {
    setLanguage('ar');
    setMessages({ '{{count}} posts_other': '{{count}} مقال' });
    expect(t(posts, { count: 2 })).toBe('2 مقال');
    setMessages({});
    expect(t(posts, { count: 1 })).toBe('1 post');
  });

  it('writes the count in the page language and fills the other placeholders', () => {
    setLanguage('ir');
    setMessages({ '{{count}} stars: {{reviews}}_one': '{{count}} ستاره: {{reviews}}', '{{count}} stars: {{reviews}}_other': '{{count}} ستاره: {{reviews}}' });
    expect(t({ one: '{{count}} star: {{reviews}}', other: '{{count}} stars: {{reviews}}' }, { count: 1200, reviews: 'x' })).toBe('۱٬۲۰۰ ستاره: x');
    setLanguage('en');
    expect(t(posts, { count: 1200 })).toBe('1,200 posts');
  });

  it('keeps plain keys as they were', () => {
    expect(t('Qty: {{count}}', { count: 1 })).toBe('Qty: 1');
  });
});
