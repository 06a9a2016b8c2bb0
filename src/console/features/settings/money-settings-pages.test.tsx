// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleCurrency } from '../../../shared/currencies-console.contract.ts';
import type { PaymentsSignIn } from '../../../shared/payments-sign-in-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const usd: ConsoleCurrency = { id: 1, code: 'USD', symbol: '$', position: 'prefix', rate: 1, decimals: 2, is_default: true, is_active: true };
const eur: ConsoleCurrency = { id: 2, code: 'EUR', symbol: '€', position: 'prefix', rate: 0.92, decimals: 2, is_default: false, is_active: true };

const signIn: PaymentsSignIn = {
  payment_methods: [
    { name: 'cash', title: 'Cash on Delivery', is_active: true, configured: true },
    { name: 'stripe', title: 'Stripe', is_active: false, configured: false },
  ],
  sms_configured: false,
  register_otp_verify: true,
  order_place_account_verify: false,
  register_otp_type: 'email',
  forgot_otp_type: 'email',
  social_auths: { google: { is_active: false, client_id: '' }, facebook: { is_active: false, client_id: '' }, apple: { is_active: false, client_id: '', redirect_url: '' } },
};

describe('the currencies page', () => {
  it('adds a currency, showing a refused code under its field, and makes another the default after asking', async () => {
    let list = [usd, eur];
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/currencies': () => ok({ currencies: list }),
      'POST /console/currencies': ({ body }) => {
        const { code } = body as { code: string };
        if (code !== 'JPY') return refused(422, 'The code must be an ISO 4217 currency code.', { code: ['The code must be an ISO 4217 currency code.'] });
        list = [...list, { id: 3, code: 'JPY', symbol: '¥', position: 'prefix', rate: 150, decimals: 0, is_default: false, is_active: true }];
        return ok({ currency: list.at(-1) }, 'Currency added');
      },
      'POST /console/currencies/2/make-default': () => {
        list = [{ ...usd, is_default: false, rate: 1.086957 }, { ...eur, is_default: true, rate: 1 }, ...list.slice(2)];
        return ok({ currencies: list }, 'Default currency changed');
      },
    });
    renderConsole('/settings/currencies');
    const table = await screen.findByRole('table', { name: 'Currencies' }, { timeout: 5000 });
    expect(await within(table).findByText('EUR')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Add a currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a currency' });
    await userEvent.type(within(dialog).getByLabelText('ISO 4217 code'), 'XYZ');
    await userEvent.type(within(dialog).getByLabelText('Symbol'), '¥');
    await userEvent.clear(within(dialog).getByLabelText('Rate to the default currency'));
    await userEvent.type(within(dialog).getByLabelText('Rate to the default currency'), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The code must be an ISO 4217 currency code.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('ISO 4217 code'));
    await userEvent.type(within(dialog).getByLabelText('ISO 4217 code'), 'JPY');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Currency added')).toBeInTheDocument();
    expect(api.calls('POST /console/currencies').at(-1)?.body).toEqual({ code: 'JPY', symbol: '¥', position: 'prefix', rate: 150 });
    expect(await within(table).findByText('JPY')).toBeInTheDocument();

    // The default is neither retired nor made default again.
    expect(screen.queryByRole('button', { name: 'Retire USD' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make default EUR' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make EUR the default?' });
    expect(confirm).toHaveTextContent('Prices are not converted');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Default currency changed')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retire USD' })).toBeInTheDocument();
  });
});

describe('the payments and sign-in page', () => {
  it('says which methods the server can run, saves the form, and shows a refused client id under its field', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/payments-sign-in': ok(signIn),
      'PUT /console/payments-sign-in': ({ body }) => {
        const change = body as { social_auths: PaymentsSignIn['social_auths'] };
        return change.social_auths.google.is_active && !change.social_auths.google.client_id
          ? refused(422, 'The client id is required to switch this sign-in on.', { 'social_auths.google.client_id': ['The client id is required to switch this sign-in on.'] })
          : ok({ ...signIn, ...change }, 'Payments and sign-in saved');
      },
    });
    renderConsole('/settings/payments');
    expect(await screen.findByText('Not configured: its keys are not set on the server, so shoppers cannot use it.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Text messages are not configured: codes by phone only reach the server’s log.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Sign in with Google' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The client id is required to switch this sign-in on.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Google client id'), 'store.apps.googleusercontent.com');
    await userEvent.selectOptions(screen.getByLabelText('Password reset code goes by'), 'phone');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payments and sign-in saved')).toBeInTheDocument();
    expect(api.calls('PUT /console/payments-sign-in').at(-1)?.body).toEqual({
      active_payment_methods: ['cash'],
      register_otp_verify: true,
      order_place_account_verify: false,
      register_otp_type: 'email',
      forgot_otp_type: 'phone',
      social_auths: { ...signIn.social_auths, google: { is_active: true, client_id: 'store.apps.googleusercontent.com' } },
    });
  });
});

describe('the commission and payouts page', () => {
  it('shows the store’s rate in percent and the minimum as an amount, refuses a third decimal of a percent, and saves what the owner typed', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/settings/commission-payouts': ok({ settings: { commission_rate: 10, withdrawal_minimum: 10 } }),
      'PATCH /console/settings/commission-payouts': ({ body }) => ok({ settings: body }, 'Commission and payout settings updated'),
    });
    renderConsole('/settings/commission-payouts');
    const form = await screen.findByRole('form', { name: 'Commission & payouts' }, { timeout: 5000 });
    const rate = within(form).getByLabelText('Commission rate (%)');
    const minimum = within(form).getByLabelText('Withdrawal minimum');
    expect(rate).toHaveValue(10);
    expect(minimum).toHaveValue(10);

    await userEvent.clear(rate);
    await userEvent.type(rate, '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The commission rate must have at most 2 decimal places.')).toBeInTheDocument();
    expect(api.calls('PATCH /console/settings/commission-payouts')).toHaveLength(0);

    await userEvent.clear(rate);
    await userEvent.type(rate, '12.5');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '25.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Commission and payout settings updated')).toBeInTheDocument();
    expect(api.calls('PATCH /console/settings/commission-payouts').at(-1)?.body).toEqual({ commission_rate: 12.5, withdrawal_minimum: 25.5 });
  });
});
