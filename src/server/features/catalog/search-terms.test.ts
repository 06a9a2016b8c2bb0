import { describe, expect, it } from 'vitest';
import { closeWordsFirst, estimatedSearchMatches, letterDeletions, lookedUpTerms, searchTokens, searchTsQuery } from './search-terms.ts';

// ANALYZE's figures for 10,000 products: the most common words (sorted) and the share holding each.
const statistics = { products: 10_000, words: ['game', 'games', 'gamepad', 'lamp', 'red'], shares: [0.02, 0.1, 0.01, 0.05, 0.2], rarestShare: 0.01, postingShares: {} };
const prefix = (lexeme: string) => ({ lexeme, prefix: true });
const whole = (lexeme: string) => ({ lexeme, prefix: false });

describe('how many products a search matches by the planner statistics', () => {
  it('counts a prefix by every common word it starts, a whole word by its own', () => {
    expect(estimatedSearchMatches(statistics, [prefix('game')])).toBe(1_300);
    expect(estimatedSearchMatches(statistics, [prefix('gamep')])).toBe(100);
    expect(estimatedSearchMatches(statistics, [whole('game')])).toBe(200);
  });

  it('takes a word no common word starts at half the rarest share, and words as independent', () => {
    expect(estimatedSearchMatches(statistics, [prefix('zebra')])).toBe(50);
    expect(estimatedSearchMatches(statistics, [whole('gam')])).toBe(50);
    expect(estimatedSearchMatches(statistics, [prefix('red'), prefix('lamp')])).toBe(100);
  });

  it('holds a prefix of many common words to every product', () => {
    expect(estimatedSearchMatches({ ...statistics, shares: [0.6, 0.6, 0.6, 0.05, 0.2] }, [prefix('ga')])).toBe(10_000);
  });

  it('estimates nothing without statistics', () => {
    expect(estimatedSearchMatches({ products: 0, words: [], shares: [], rarestShare: 0, postingShares: {} }, [prefix('game')])).toBeUndefined();
    expect(estimatedSearchMatches({ ...statistics, words: [], shares: [] }, [prefix('game')])).toBeUndefined();
  });
});

describe('which terms the search index looks up', () => {
  // A million products: "lamp" in 5% of them, "zebra" too rare to be listed (under 0.1%: taken at 500 products).
  const million = { ...statistics, products: 1_000_000, rarestShare: 0.001 };
  const broadPrefix = prefix('ga');

  it('a prefix of many words beside a rare word: the rare word, the prefix tested on its products', () => {
    expect(lookedUpTerms(million, [broadPrefix, whole('zebra')])).toEqual([whole('zebra')]);
    expect(lookedUpTerms(million, [broadPrefix, whole('zebra'), whole('lamp')])).toEqual([whole('zebra'), whole('lamp')]);
  });

  it('counts a prefix looked for as its words among the words looked up', () => {
    const zebras = { ...prefix('zebr'), words: ['zebra', 'zebras'] };
    expect(lookedUpTerms(million, [broadPrefix, zebras])).toEqual([zebras]);
  });

  it('every term beside common words, without statistics, or with no prefix to leave out', () => {
    expect(lookedUpTerms(million, [broadPrefix, whole('lamp')])).toEqual([broadPrefix, whole('lamp')]);
    expect(lookedUpTerms({ products: 0, words: [], shares: [], rarestShare: 0, postingShares: {} }, [broadPrefix, whole('zebra')])).toEqual([broadPrefix, whole('zebra')]);
    expect(lookedUpTerms(million, [broadPrefix, prefix('lam')])).toEqual([broadPrefix, prefix('lam')]);
    expect(lookedUpTerms(million, [whole('zebra'), whole('lamp')])).toEqual([whole('zebra'), whole('lamp')]);
  });
});

it('looks for a prefix as the start of words, or as the words it starts when known, and a whole word as itself', () => {
  expect(searchTsQuery([prefix('lapt'), whole('tv'), whole('backpack')])).toBe('lapt:* & tv & backpack');
  expect(searchTsQuery([{ ...prefix('lapt'), words: ['laptop', 'laptops'] }, { ...prefix('backp'), words: ['backpack'] }])).toBe('(laptop | laptops) & backpack');
});

it('looks for a word once, however often the query holds it', () => {
  expect(searchTokens('Cosy cosy COSY blanket')).toEqual([{ token: 'cosy' }, { token: 'blanket' }]);
  expect(searchTsQuery([whole('iphone'), prefix('case'), whole('iphone')])).toBe('iphone & case:*');
});

it('splits a query into lower-cased words of letters and digits, parted where the catalogue\'s words are parted', () => {
  const tokens = (text: string) => searchTokens(text).map((word) => word.token);
  expect(tokens('Zelkova 20 m² tiles, ½-inch')).toEqual(['zelkova20', 'm', 'tiles', 'inch']);
  // Arabic and Persian in the one form the catalogue is indexed in: a word beside a number is a code typed apart, as in English.
  expect(tokens('قهوة ۱۲۳ Ⅻ')).toEqual(['قهوه123', 'ⅻ']);
  expect(tokens('قهوةٌ تركيّة')).toEqual(['قهوه', 'تركيه']);
  expect(tokens('Heavy-Duty Wi-Fi kettle')).toEqual(['heavy', 'duty', 'wi', 'fi', 'kettle']);
});

describe('model codes', () => {
  it('reads a code the same whether typed joined, hyphenated or spaced: its joined form and its runs of letters and digits', () => {
    const code = [{ token: 'sv912', parts: ['sv', '912'] }];
    expect(searchTokens('SV-912')).toEqual(code);
    expect(searchTokens('sv912')).toEqual(code);
    expect(searchTokens('sv 912')).toEqual(code);
    expect(searchTokens('Foperus SV912')).toEqual([{ token: 'foperus' }, ...code]);
    expect(searchTokens('galaxy a-55 5g')).toEqual([{ token: 'galaxy' }, { token: 'a55', parts: ['a', '55'] }, { token: '5g', parts: ['5', 'g'] }]);
    expect(searchTokens('zv-e10')).toEqual([{ token: 'zve10', parts: ['zv', 'e', '10'] }]);
  });

  it('pairs a word of letters with the number beside it, two words to a code, and leaves a number alone as it is', () => {
    expect(searchTokens('iphone 15 pro')).toEqual([{ token: 'iphone15', parts: ['iphone', '15'] }, { token: 'pro' }]);
    expect(searchTokens('128 gb 5')).toEqual([{ token: '128gb', parts: ['128', 'gb'] }, { token: '5' }]);
    expect(searchTokens('912')).toEqual([{ token: '912' }]);
    expect(searchTokens('12 34')).toEqual([{ token: '12' }, { token: '34' }]);
  });

  it('looks for a code as its joined word or its parts one after the other', () => {
    expect(searchTsQuery([{ ...prefix('sv912'), words: ['sv912'], parts: [whole('sv'), prefix('912')] }])).toBe('(sv912 | sv <-> 912:*)');
    expect(searchTsQuery([whole('galaxy'), { ...prefix('a55'), parts: [whole('a'), whole('55')] }])).toBe('galaxy & (a55:* | a <-> 55)');
  });

  it('estimates a code as its joined word or all its parts', () => {
    const code = { ...whole('game'), parts: [whole('lamp'), whole('red')] };
    expect(estimatedSearchMatches(statistics, [code])).toBe(200 + 100);
  });
});

it('looks among the close words first only where that reads fewer candidates', () => {
  // Five trigrams: two shared at 0.3, one at 0.2. Six (a five-letter word): two at both.
  expect(closeWordsFirst('boad')).toBe(true);
  expect(closeWordsFirst('trial')).toBe(false);
  expect(closeWordsFirst('xylohponic')).toBe(true);
  // Trigrams count once: "abcabc" makes "abc" twice, six in all, as "trial"; "lights" makes seven.
  expect(closeWordsFirst('abcabc')).toBe(false);
  expect(closeWordsFirst('lights')).toBe(true);
});

it('leaves out each letter of a word in turn, each result once', () => {
  expect(letterDeletions('boot')).toEqual(['oot', 'bot', 'boo']);
  expect(letterDeletions('قهوه')).toEqual(['هوه', 'قوه', 'قهه', 'قهو']);
});
