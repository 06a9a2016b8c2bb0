// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ModeratedReview } from '../../../shared/review-moderation.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { sentence } from '../../../client/test/sentence.ts';

const review = (overrides: Partial<ModeratedReview> = {}): ModeratedReview => ({
  id: 12,
  product: { id: 3, name: 'Copper Kettle', thumbnail: '' },
  shop: { id: 1, name: 'Green Leaf' },
  reviewer_name: 'Ada Lovelace',
  customer_id: 41,
  rating: 1,
  comment: 'Call me on 555 0101',
  created_at: '2026-03-01T08:00:00.000Z',
  hidden: null,
  ...overrides,
});

describe('the reviews page', () => {
  it('filters by visibility and rating on the server, and hides a review only with a reason', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/reviews': ok({ reviews: [review()], next_cursor: null }),
      'POST /console/reviews/12/hide': ok({ review: review({ hidden: { at: '2026-03-02T08:00:00.000Z', reason: 'Contains a phone number.' } }) }, 'Review hidden'),
    });
    renderConsole('/reviews');
    const table = await screen.findByRole('table', { name: 'Reviews' });
    expect(await within(table).findByText('Call me on 555 0101')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Copper Kettle' })).toHaveAttribute('href', '/reviews?product_id=3');

    await userEvent.click(screen.getByRole('tab', { name: 'Visible' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '1 of 5');
    expect(api.calls('GET /console/reviews').at(-1)!.query).toMatchObject({ visibility: 'visible', rating: '1' });

    await userEvent.click(within(table).getByRole('button', { name: 'Hide the review of Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this review of Copper Kettle?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Contains a phone number.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('The review is hidden.')).toBeInTheDocument();
    expect(api.calls('POST /console/reviews/12/hide')[0]!.body).toEqual({ reason: 'Contains a phone number.' });
  });

  it('shows a hidden review’s reason and offers showing it again', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/reviews': ok({ reviews: [review({ hidden: { at: '2026-03-02T08:00:00.000Z', reason: 'Spam' } })], next_cursor: null }),
      'POST /console/reviews/12/show': ok({ review: review() }, 'Review shown'),
    });
    renderConsole('/reviews?visibility=hidden');
    const table = await screen.findByRole('table', { name: 'Reviews' });
    expect(await within(table).findByText(sentence('Hidden: Spam'))).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Show the review of Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Show this review of Copper Kettle again?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Not spam after all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The review is shown again.')).toBeInTheDocument();
    expect(api.calls('POST /console/reviews/12/show')).toHaveLength(1);
  });

  const seller = { ...storeOwner, scope: 'shop', role: 'shop_owner', shop: { id: 1, name: 'Green Leaf', status: 'approved' }, permissions: ['catalogue.read', 'catalogue.write'] };

  it('is not among a shop’s pages while the store does not let shops moderate', async () => {
    const api = stubApi({ 'GET /console/me': ok({ ...seller, sellers_moderate_reviews: false }) });
    renderConsole('/reviews');
    expect(await screen.findByText('This page does not exist in the console, or your role does not include it.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Console pages' })).queryByRole('link', { name: 'Reviews' })).not.toBeInTheDocument();
    expect(api.calls('GET /console/reviews')).toHaveLength(0);
  });

  it('tells a shop’s people when the store stopped letting shops moderate after the console opened', async () => {
    stubApi({
      'GET /console/me': ok({ ...seller, sellers_moderate_reviews: true }),
      'GET /console/reviews': refused(403, 'This action is unauthorized.'),
    });
    renderConsole('/reviews');
    expect(await screen.findByText('The store does not let shops moderate reviews.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Console pages' })).getByRole('link', { name: 'Reviews' })).toBeInTheDocument();
  });
});
