// @vitest-environment happy-dom
import '../test/component-test-setup.ts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, setMessages, t } from '../lib/i18n.ts';
import { WithUserText } from './user-text.tsx';

afterEach(() => {
  setMessages({});
  applyDocumentLanguage('en', 'ltr');
});

describe('a translated text with user text in it', () => {
  it('reads as the translation says, each value isolated in its own direction on an Arabic page', () => {
    applyDocumentLanguage('ar', 'rtl');
    setMessages({ 'Results for “{{search}}”': 'نتائج البحث عن «{{search}}»' });
    render(
      <h1>
        <WithUserText text={t('Results for “{{search}}”')} values={{ search: 'Glow Beauty Co.' }} />
      </h1>,
    );
    const heading = screen.getByRole('heading', { name: 'نتائج البحث عن «Glow Beauty Co.»' });
    expect(heading.querySelectorAll('bdi')).toHaveLength(1);
    expect(heading.querySelector('bdi')).toHaveTextContent(/^Glow Beauty Co\.$/);
  });

  it('fills every placeholder, in the translation’s order, and leaves one without a value as written', () => {
    setMessages({ '{{count}} × {{name}}': '{{name}} × {{count}}' });
    render(
      <p data-testid="line">
        <WithUserText text={t('{{count}} × {{name}}')} values={{ count: 2, name: 'Desk lamp.' }} /> <WithUserText text="{{missing}} left" values={{}} />
      </p>,
    );
    expect(screen.getByTestId('line')).toHaveTextContent('Desk lamp. × 2 {{missing}} left');
    expect([...screen.getByTestId('line').querySelectorAll('bdi')].map((value) => value.textContent)).toEqual(['Desk lamp.', '2']);
  });
});
