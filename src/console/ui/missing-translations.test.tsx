// @vitest-environment happy-dom
import '../../client/test/component-test-setup.ts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, setMessages } from '../../client/lib/i18n.ts';
import { MissingTranslations } from './missing-translations.tsx';

describe('MissingTranslations', () => {
  afterEach(() => {
    setLanguage('en');
    setMessages({});
  });

  it('names the missing languages in the reader’s language', () => {
    const { rerender } = render(<MissingTranslations missing={['ar', 'ir']} />);
    expect(screen.getByText('Missing: Arabic, Persian')).toBeInTheDocument();
    rerender(<MissingTranslations missing={[]} />);
    expect(screen.getByText('Complete')).toBeInTheDocument();
  });

  it('reads in Arabic for an Arabic reader', () => {
    setLanguage('ar');
    setMessages({ 'Missing: {{languages}}': 'ناقصة: {{languages}}' });
    render(<MissingTranslations missing={['ir']} />);
    expect(screen.getByText('ناقصة: الفارسية')).toBeInTheDocument();
  });
});
