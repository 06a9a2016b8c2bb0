// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../shared/orders.contract.ts';
import { renderApp } from '../../test/render-app.tsx';
import { OrderLines } from './order-lines.tsx';

const line = (review: OrderDetail['items'][number]['review']): OrderDetail['items'][number] => ({
  id: 1,
  product_id: 3,
  name: 'Copper Kettle',
  thumbnail: '/media/placeholder/product/kettle.svg',
  unit_price: 24.5,
  quantity: 1,
  color: null,
  size: null,
  unit: 'pc',
  line_total: 24.5,
  can_review: false,
  review,
});

describe('an order’s lines', () => {
  it('tell the shopper that the store hid their review, and why', () => {
    renderApp(<OrderLines order={{ id: 9, items: [line({ rating: 1, comment: 'Call me on 555 0101', hidden: { reason: 'Contains a phone number.' } })] }} />);
    expect(screen.getByText('Call me on 555 0101')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('The store hid this review from the product page: Contains a phone number.');
  });

  it('say nothing more of a review on show', () => {
    renderApp(<OrderLines order={{ id: 9, items: [line({ rating: 5, comment: 'Lovely', hidden: null })] }} />);
    expect(screen.getByText('Lovely')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
