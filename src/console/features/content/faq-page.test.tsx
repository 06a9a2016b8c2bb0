// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleFaq } from '../../../shared/content-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const faq = (id: number, question: string, extra: Partial<ConsoleFaq> = {}): ConsoleFaq => ({
  id,
  question,
  answer: 'An answer.',
  category: '',
  translations: {},
  is_active: true,
  sort_order: id,
  missing_translations: [],
  ...extra,
});

describe('the FAQ screen', () => {
  it('moves a question down, sending the whole new order', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/faqs': ok({ faqs: [faq(1, 'Where is my order?', { category: 'Orders' }), faq(2, 'Can I cancel?', { missing_translations: ['ir'] })] }),
      'POST /console/faqs/reorder': ok({ faqs: [] }, 'FAQs reordered'),
    });
    renderConsole('/content/faq');
    const table = await screen.findByRole('table', { name: 'FAQ' });
    await within(table).findByRole('button', { name: 'Where is my order?' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Orders');
    expect(rows[2]).toHaveTextContent('Missing: Persian');
    expect(within(table).getByRole('button', { name: 'Move up Where is my order?' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('button', { name: 'Move down Where is my order?' }));
    expect(await screen.findByText('FAQs reordered')).toBeInTheDocument();
    expect(api.calls('POST /console/faqs/reorder')[0]!.body).toEqual({ ids: [2, 1] });
  });

  it('adds a question with its Arabic text, and shows the server’s refusal under its field', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/faqs': ok({ faqs: [] }),
      'POST /console/faqs': refused(422, 'The category must not be greater than 100 characters.', { category: ['The category must not be greater than 100 characters.'] }),
    });
    renderConsole('/content/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'New question' }));
    const dialog = screen.getByRole('dialog', { name: 'New question' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The question field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Question'), 'Do you ship abroad?');
    await userEvent.type(within(dialog).getByLabelText('Question in العربية'), 'هل تشحنون للخارج؟');
    await userEvent.type(within(dialog).getByLabelText('Answer'), 'Not yet.');
    await userEvent.type(within(dialog).getByLabelText('Category'), 'Shipping');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The category must not be greater than 100 characters.')).toBeInTheDocument();
    expect(api.calls('POST /console/faqs')[0]!.body).toMatchObject({ question: 'Do you ship abroad?', answer: 'Not yet.', category: 'Shipping', is_active: true, translations: { ar: { question: 'هل تشحنون للخارج؟' } } });
  });

  it('filters by words and status on the server, and offers the moves on the whole list only', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/faqs': ok({ faqs: [faq(1, 'Where is my order?'), faq(2, 'Can I cancel?', { is_active: false })] }),
    });
    renderConsole('/content/faq');
    const table = await screen.findByRole('table', { name: 'FAQ' });
    await within(table).findByRole('button', { name: 'Where is my order?' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Hidden');
    expect(within(table).getByRole('button', { name: 'Move down Where is my order?' })).toBeEnabled();

    await userEvent.click(screen.getByRole('tab', { name: 'Hidden' }));
    await expect.poll(() => api.calls('GET /console/faqs').at(-1)!.query).toEqual({ status: 'hidden' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search questions and answers' }), 'cancel{Enter}');
    await expect.poll(() => api.calls('GET /console/faqs').at(-1)!.query).toEqual({ status: 'hidden', search: 'cancel' });
    expect(await screen.findByText('The order can be changed on the whole list only.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await within(table).findByRole('button', { name: 'Move down Where is my order?' })).toBeInTheDocument();
    expect(screen.queryByText('The order can be changed on the whole list only.')).not.toBeInTheDocument();
  });
});
