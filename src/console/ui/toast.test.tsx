// @vitest-environment happy-dom
import '../../client/test/component-test-setup.ts';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast, Toaster } from './toast.tsx';

describe('showToast', () => {
  it('shows a failure repeated while its message is still open once, and a different failure beside it', async () => {
    render(<Toaster direction="ltr" />);
    act(() => {
      showToast('The store is not reachable. Try again in a moment.', 'error');
      showToast('The store is not reachable. Try again in a moment.', 'error');
      showToast('The voucher code has already been taken.', 'error');
    });
    const messages = screen.getByRole('region', { name: /^Messages/ });
    expect(await within(messages).findByText('The voucher code has already been taken.')).toBeInTheDocument();
    expect(within(messages).getAllByText('The store is not reachable. Try again in a moment.')).toHaveLength(1);
    expect(within(messages).getAllByRole('listitem')).toHaveLength(2);
  });
});
