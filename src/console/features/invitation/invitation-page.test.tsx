// @vitest-environment happy-dom
import '../../../client/test/component-test-setup.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../client/lib/query-client.ts';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { CONSOLE_PATH, CONSOLE_SIGN_IN_URL } from '../../../shared/console-sign-in.ts';
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
  it("sets the invited person's password with the mail's token, then opens the console signed in", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = stubApi({ 'POST /console-invitations/accept': ok({ user: {}, access: { auth_type: 'Cookie', expires_at: '2026-02-01T00:00:00.000Z' } }, 'Invitation accepted') });
    renderAt('/invitation?token=abc123');
    await userEvent.type(screen.getByLabelText('Password'), 'new-password');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('Confirm Password does not match.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('Opening the console…')).toHaveAttribute('role', 'status');
    expect(api.calls('POST /console-invitations/accept')[0]!.body).toEqual({ token: 'abc123', password: 'new-password', password_confirmation: 'new-password' });
    expect(assign).toHaveBeenCalledWith(CONSOLE_PATH);
  });

  it('shows a spent token’s refusal', async () => {
    stubApi({ 'POST /console-invitations/accept': refused(422, 'The given data was invalid.', { token: ['This invitation link is invalid or has expired.'] }) });
    renderAt('/invitation?token=spent');
    await userEvent.type(screen.getByLabelText('Password'), 'new-password');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('This invitation link is invalid or has expired.')).toBeInTheDocument();
  });

  it('says so when the link has an empty token', () => {
    renderAt('/invitation?token=');
    expect(screen.getByText('This invitation link is incomplete. Open the link from the invitation e-mail again.')).toBeInTheDocument();
  });

  it('lets a signed-in person accept an invitation to their e-mail, and opens the console', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = stubApi({
      'GET /console-invitations': ok({ invitations: [{ id: 4, shop: { id: 2, name: 'Lamp Corner' }, role: 'shop_staff', permissions: ['orders.read'], expires_at: '2026-02-01T00:00:00.000Z' }] }),
      'POST /console-invitations/4/accept': ok({}, 'Invitation accepted'),
    });
    renderAt('/invitation');
    expect(await screen.findByText(/You are invited to the console of Lamp Corner/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation of Lamp Corner' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(CONSOLE_PATH));
    expect(api.calls('POST /console-invitations/4/accept')).toHaveLength(1);
  });

  it('asks a signed-out person to sign in first', async () => {
    stubApi({ 'GET /console-invitations': refused(401, 'Unauthenticated.') });
    renderAt('/invitation');
    expect(await screen.findByText('Sign in with the account the invitation was sent to, then open this link again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', CONSOLE_SIGN_IN_URL);
  });
});
