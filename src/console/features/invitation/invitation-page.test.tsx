// @vitest-environment happy-dom
import '../../../client/test/component-test-setup.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../client/lib/query-client.ts';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { CONSOLE_SIGN_IN_URL } from '../../../shared/console-sign-in.ts';
import { InvitationPage } from './invitation-page.tsx';

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={queryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <InvitationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the invitation page', () => {
  it("sets the invited person's password with the mail's token, then sends them to sign in", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = stubApi({ 'POST /reset-password': ok({}, 'Password reset successfully') });
    renderAt('/invitation?token=abc123');
    await userEvent.type(screen.getByLabelText('Password'), 'new-password');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('Confirm Password does not match.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('Your password is set. Sign in to open the console.')).toHaveAttribute('role', 'status');
    expect(api.calls('POST /reset-password')[0]!.body).toEqual({ token: 'abc123', password: 'new-password', password_confirmation: 'new-password' });
    expect(assign).toHaveBeenCalledWith(CONSOLE_SIGN_IN_URL);
  });

  it('shows a spent token’s refusal', async () => {
    stubApi({ 'POST /reset-password': refused(422, 'The given data was invalid.', { token: ['This password reset token is invalid or has expired.'] }) });
    renderAt('/invitation?token=spent');
    await userEvent.type(screen.getByLabelText('Password'), 'new-password');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('This password reset token is invalid or has expired.')).toBeInTheDocument();
  });

  it('says so when the link has no token', () => {
    renderAt('/invitation');
    expect(screen.getByText('This invitation link is incomplete. Open the link from the invitation e-mail again.')).toBeInTheDocument();
  });
});
