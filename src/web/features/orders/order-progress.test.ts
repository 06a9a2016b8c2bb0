import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../shared/order-statuses.ts';
import { stepsAhead } from './order-progress.ts';

const order = (status: OrderStatus, reached: OrderStatus[]) => ({
  status,
  status_history: reached.map((step) => ({ status: step, created_at: '2026-01-01T10:00:00Z' })),
});

describe('the steps an order has still ahead', () => {
  it('are every later step of the flow for a new order', () => {
    expect(stepsAhead(order('pending', ['pending']))).toEqual(['confirm', 'processing', 'pickup', 'on_the_way', 'delivered']);
  });

  it('are only those beyond the current step when the shop skipped some', () => {
    expect(stepsAhead(order('pickup', ['pending', 'confirm', 'pickup']))).toEqual(['on_the_way', 'delivered']);
  });

  it('are none for a delivered or a cancelled order', () => {
    expect(stepsAhead(order('delivered', ['pending', 'delivered']))).toEqual([]);
    expect(stepsAhead(order('cancelled', ['pending', 'cancelled']))).toEqual([]);
  });
});
