// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { shopOwnerPermissions, type StaffMember } from '../../../shared/console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: 5,
  name: 'Cara Catalogue',
  email: 'cara@example.com',
  role: 'catalogue_manager',
  permissions: ['catalogue.read', 'catalogue.write', 'shops.review', 'audit.read'],
  created_at: '2026-01-05T10:00:00.000Z',
  ...overrides,
});

describe('the staff page', () => {
  it('checks the invitation with the shared schema, then shows the server’s 422 under its field', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/staff': ok({ staff: [member({ id: 1, name: 'Store Admin', email: 'admin@example.com', role: 'owner' }), member({})], invitations: [] }),
      'POST /console/staff': refused(422, 'The given data was invalid.', { email: ['The email must be a valid email address.'] }),
    });
    renderConsole('/staff');
    expect(await screen.findByRole('cell', { name: 'Cara Catalogue' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite a member' });

    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('The email field is required.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/staff')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Email'), 'Cara@Example.com');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Order manager');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    // A name is asked for whatever the e-mail: the answer must not tell whether it has an account (decision 049).
    expect(await within(form).findByText('The name field is required.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Name'), 'Cara');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveFocus();
    expect(api.calls('POST /console/staff')[0]!.body).toEqual({ email: 'cara@example.com', name: 'Cara', role: 'order_manager' });
  });

  it("lets a shop's owner invite with seller permissions only, and says so when it is done", async () => {
    const api = stubApi({
      'GET /console/me': ok({ ...storeOwner, scope: 'shop', role: 'shop_owner', shop: { id: 4, name: 'Lamp Corner', status: 'approved' }, permissions: shopOwnerPermissions }),
      'GET /console/staff': ok({ staff: [], invitations: [] }),
      'POST /console/staff': {
        status: 201,
        body: {
          message: 'Invitation sent',
          data: { invitation: { id: 3, email: 'sam@example.com', name: 'Sam Shelf', role: 'shop_staff', permissions: ['orders.read'], expires_at: '2026-01-12T10:00:00.000Z', created_at: '2026-01-05T10:00:00.000Z' } },
        },
      },
    });
    renderConsole('/staff');
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    expect(within(form).queryByLabelText('Role')).not.toBeInTheDocument();
    expect(within(form).getAllByRole('checkbox')).toHaveLength(9);
    await userEvent.type(within(form).getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(within(form).getByLabelText('Name'), 'Sam Shelf');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'See orders' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('The invitation is sent to sam@example.com.')).toBeInTheDocument();
    expect(api.calls('POST /console/staff')[0]!.body).toEqual({ email: 'sam@example.com', name: 'Sam Shelf', role: 'shop_staff', permissions: ['orders.read'] });
  });

  it('removes a member after asking, in a dialog that Escape closes', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/staff': ok({ staff: [member({})], invitations: [] }),
      'DELETE /console/staff/5': ok({}, 'Staff member removed'),
    });
    renderConsole('/staff');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Cara Catalogue' }));
    expect(screen.getByRole('dialog', { name: 'Remove Cara Catalogue' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /console/staff/5')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Cara Catalogue' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Cara Catalogue is removed.')).toBeInTheDocument();
    expect(api.calls('DELETE /console/staff/5')).toHaveLength(1);
  });

  it('lists the invitations nobody has answered, as typed, and takes one back', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/staff': ok({
        staff: [member({})],
        invitations: [{ id: 8, email: 'nina@example.com', name: 'Nina', role: 'support_agent', permissions: [], expires_at: '2026-01-12T10:00:00.000Z', created_at: '2026-01-05T10:00:00.000Z' }],
      }),
      'DELETE /console/staff/invitations/8': ok({}, 'Invitation withdrawn'),
    });
    renderConsole('/staff');
    const open = await screen.findByRole('region', { name: 'Invitations waiting for an answer' });
    expect(within(open).getByText('nina@example.com')).toBeInTheDocument();
    await userEvent.click(within(open).getByRole('button', { name: 'Withdraw the invitation to nina@example.com' }));
    expect(await screen.findByText('The invitation to nina@example.com is withdrawn.')).toBeInTheDocument();
    expect(api.calls('DELETE /console/staff/invitations/8')).toHaveLength(1);
  });
});
