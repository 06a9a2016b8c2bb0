// @vitest-environment happy-dom
import '../../../client/test/component-test-setup.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewBanner } from './review-banner.tsx';

const review = { id: 4, changes: { name: 'Kettle Deluxe' }, submitted_at: '2026-03-01T08:00:00.000Z' };

describe('the product editor’s approval banner', () => {
  it('says a change waits, or why it was rejected, and nothing otherwise', () => {
    const { rerender } = render(<ReviewBanner review={{ ...review, status: 'pending', reason: null, decided_at: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent("A change to this product awaits the store's approval.");
    rerender(<ReviewBanner review={{ ...review, status: 'rejected', reason: 'Blurry pictures', decided_at: '2026-03-02T08:00:00.000Z' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Rejected: Blurry pictures');
    rerender(<ReviewBanner review={null} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
