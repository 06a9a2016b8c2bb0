// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { shopOwnerPermissions, type ConsoleMe } from '../../../shared/console.contract.ts';
import type { ConsoleVoucher } from '../../../shared/vouchers-console.contract.ts';
import { renderConsole } from '../../test/render-console.tsx';

const seller: ConsoleMe = {
  user: { id: 7, name: 'Lamp Owner', email: 'owner@lamps.example' },
  scope: 'shop',
  role: 'shop_owner',
  shop: { id: 2, name: 'Lamp Corner', status: 'approved' },
  permissions: [...shopOwnerPermissions],
  sellers_moderate_reviews: false,
  time_zone: 'UTC',
  commission_rate: 10,
};

const voucher = (id: number, code: string, extra: Partial<ConsoleVoucher> = {}): ConsoleVoucher => ({
  id,
  code,
  shop: { id: 2, name: 'Lamp Corner' },
  discount_type: 'percentage',
  discount: 10,
  min_order_amount: 0,
  max_discount_amount: null,
  total_limit: 50,
  limit_for_user: 1,
  used_count: 3,
  starts_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2026-04-01T10:00:00.000Z',
  is_active: true,
  status: 'active',
  created_at: '2026-02-01T10:00:00.000Z',
  ...extra,
});

describe('the vouchers page', () => {
  it('lists the shop’s vouchers with their uses, and filters by status and code on the server', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/vouchers': ok({ vouchers: [voucher(2, 'SPRING'), voucher(1, 'OLD', { is_active: false, status: 'inactive', total_limit: null, used_count: 9 })], next_cursor: null }),
    });
    renderConsole('/vouchers');
    const table = await screen.findByRole('table', { name: 'Vouchers' });
    await within(table).findByRole('button', { name: 'SPRING' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('SPRING');
    expect(rows[1]).toHaveTextContent('3 of 50');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('Inactive');
    expect(within(rows[2]!).getByRole('button', { name: 'Activate OLD' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Scheduled' }));
    await expect.poll(() => api.calls('GET /console/vouchers').at(-1)!.query).toEqual({ status: 'scheduled' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by code' }), 'spr{Enter}');
    await expect.poll(() => api.calls('GET /console/vouchers').at(-1)!.query).toEqual({ status: 'scheduled', search: 'spr' });
  });

  it('creates a voucher with the shared schema’s checks and shows the server’s error under its field', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/vouchers': ok({ vouchers: [], next_cursor: null }),
      'POST /console/vouchers': refused(422, 'The code has already been taken.', { code: ['The code has already been taken.'] }),
    });
    renderConsole('/vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'New voucher' }));
    const dialog = screen.getByRole('dialog', { name: 'New voucher' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The code field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/vouchers')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Code'), 'spring-sale');
    await userEvent.type(within(dialog).getByLabelText('Discount (%)'), '15');
    fireEvent.change(within(dialog).getByLabelText('Starts at'), { target: { value: '2026-12-01T10:00' } });
    fireEvent.change(within(dialog).getByLabelText('Expires at'), { target: { value: '2026-11-01T10:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The expires at must be a date after starts at.')).toBeInTheDocument();
    expect(api.calls('POST /console/vouchers')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Expires at'), { target: { value: '2026-12-31T10:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The code has already been taken.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/vouchers')[0]!.body).toEqual({
      code: 'SPRING-SALE',
      discount_type: 'percentage',
      discount: 15,
      min_order_amount: 0,
      max_discount_amount: null,
      total_limit: null,
      limit_for_user: 1,
      starts_at: new Date('2026-12-01T10:00').toISOString(),
      expires_at: new Date('2026-12-31T10:00').toISOString(),
    });

    api.answer({ 'POST /console/vouchers': { status: 201, body: { message: 'Voucher created', data: { voucher: voucher(3, 'SPRING-SALE-2') } } } });
    await userEvent.clear(within(dialog).getByLabelText('Code'));
    await userEvent.type(within(dialog).getByLabelText('Code'), 'spring-sale-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Voucher created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits a voucher from its code, the dialog filled with its terms', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/vouchers': ok({ vouchers: [voucher(2, 'SPRING', { discount_type: 'amount', discount: 7.5 })], next_cursor: null }),
      'PATCH /console/vouchers/2': ok({ voucher: voucher(2, 'SPRING', { discount_type: 'amount', discount: 9 }) }, 'Voucher updated'),
    });
    renderConsole('/vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'SPRING' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit SPRING' });
    expect(within(dialog).getByLabelText('Discount amount')).toHaveValue(7.5);
    expect(within(dialog).queryByLabelText('Maximum discount')).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Discount amount'));
    await userEvent.type(within(dialog).getByLabelText('Discount amount'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Voucher updated')).toBeInTheDocument();
    expect(api.calls('PATCH /console/vouchers/2')[0]!.body).toEqual({
      code: 'SPRING',
      discount_type: 'amount',
      discount: 9,
      min_order_amount: 0,
      max_discount_amount: null,
      total_limit: 50,
      limit_for_user: 1,
      starts_at: '2026-03-01T10:00:00.000Z',
      expires_at: '2026-04-01T10:00:00.000Z',
    });
  });

  it('deactivates a voucher after asking, and lists it again', async () => {
    let active = true;
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/vouchers': () => ok({ vouchers: [voucher(2, 'SPRING', active ? {} : { is_active: false, status: 'inactive' })], next_cursor: null }),
      'POST /console/vouchers/2/deactivate': () => {
        active = false;
        return ok({ voucher: voucher(2, 'SPRING', { is_active: false, status: 'inactive' }) }, 'Voucher deactivated');
      },
    });
    renderConsole('/vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate SPRING' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate the voucher SPRING?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Voucher deactivated')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate SPRING' })).toBeInTheDocument();
    expect(api.calls('POST /console/vouchers/2/deactivate')).toHaveLength(1);
  });
});
