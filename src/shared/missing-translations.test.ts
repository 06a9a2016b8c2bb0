import { expect, it } from 'vitest';
import { missingTranslations, translationLocales } from './missing-translations.ts';

it('compares against every store language but the default one', () => {
  expect(translationLocales).toEqual(['ar', 'ir']);
});

it('names the languages in which a written text has no translation', () => {
  expect(missingTranslations({ title: 'Coats', body: '<p>Layers</p>' }, {})).toEqual(['ar', 'ir']);
  expect(missingTranslations({ title: 'Coats', body: '<p>Layers</p>' }, { ar: { title: 'معاطف', body: '<p>طبقات</p>' }, ir: { title: 'پالتو' } })).toEqual(['ir']);
  expect(missingTranslations({ title: 'Coats' }, { ar: { title: 'معاطف' }, ir: { title: 'پالتو' } })).toEqual([]);
});

it('asks no translation of a text left empty, and counts a translation of only spaces as missing', () => {
  expect(missingTranslations({ title: 'Coats', category: '' }, { ar: { title: 'معاطف' }, ir: { title: 'پالتو' } })).toEqual([]);
  expect(missingTranslations({ title: 'Coats' }, { ar: { title: '  ' }, ir: { title: 'پالتو' } })).toEqual(['ar']);
  expect(missingTranslations({ title: 'Coats' }, null)).toEqual(['ar', 'ir']);
  expect(missingTranslations({ title: 'Coats' }, { ar: null, ir: { title: null } })).toEqual(['ar', 'ir']);
});
