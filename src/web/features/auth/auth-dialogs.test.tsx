// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import StoreToaster from '../../app/toaster.tsx';
import { heldAnswer, ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { countries, shopper } from '../../test/store-fixtures.ts';
import { useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import AuthDialogs from './auth-dialogs.tsx';

const session = (user = shopper()) => ok({ user, access: { auth_type: 'Cookie', expires_at: '2030-01-01T00:00:00Z' } });
/** What a new session loads (wishlist count, addresses, cart). */
const sessionLoads = {
  'GET /favorite-products': ok({ total: 0, products: [] }),
  'GET /addresses': ok({ addresses: [] }),
  'GET /carts': ok({ total: 0, cart_items: [] }),
};

function openDialogs(dialog: 'login' | 'register') {
  useAuth.setState({ user: null, dialog });
  return renderApp(
    <>
      <AuthDialogs />
      <StoreToaster />
    </>,
  );
}

beforeEach(() => {
  useSettings.setState({ app_environment: 'production', register_otp_verify: false, register_otp_type: 'email', socialAuths: null, phoneMinLength: 6, phoneMaxLength: 12, phoneRequired: false });
});

describe('the login dialog', () => {
  it('is busy while the store checks the password, then shows its refusal as a toast and under the field', async () => {
    const answer = heldAnswer(refused(422, 'The provided credentials are incorrect.', { phone: ['These credentials do not match our records.'] }));
    const api = stubApi({ 'POST /login': answer.responder });
    openDialogs('login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone or Email' }), '  ada@example.com ');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    const submit = within(dialog).getByRole('button', { name: 'Login' });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(api.calls('POST /login')[0]?.body).toEqual({ phone: 'ada@example.com', password: 'wrong-password' });

    answer.release();
    expect(await screen.findByText('The provided credentials are incorrect.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Phone or Email' })).toHaveAccessibleDescription('These credentials do not match our records.');
    expect(submit).toBeEnabled();
    expect(useAuth.getState().user).toBeNull();
  });

  it('signs the shopper in and closes', async () => {
    stubApi({ 'POST /login': session(), ...sessionLoads });
    openDialogs('login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone or Email' }), 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'demo-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).not.toBeInTheDocument());
    expect(useAuth.getState().user?.name).toBe('Ada Shopper');
  });
});

describe('the register dialog', () => {
  it("shows the store's field errors under their fields, with no toast beside them", async () => {
    stubApi({
      'GET /countries': ok({ countries }),
      'POST /registration': refused(422, 'The given data was invalid.', {
        name: ['The name field is required.'],
        email: ['The email has already been taken.'],
        password: ['The password must be at least 8 characters.'],
      }),
    });
    openDialogs('register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'taken@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('The email has already been taken.');
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('The password must be at least 8 characters.');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
  });

  it('asks for the mailed code when the store verifies new accounts, and takes a right code after a wrong one', async () => {
    useSettings.setState({ register_otp_verify: true, register_otp_type: 'email' });
    const api = stubApi({
      'GET /countries': ok({ countries }),
      'POST /registration': session(shopper({ is_verified: false })),
      ...sessionLoads,
      'POST /send-otp': ok({ email_or_phone: 'a***@example.com' }, 'We sent a code to your e-mail.'),
      'POST /verify-otp': ({ body }) =>
        (body as { otp: string }).otp === '2468' ? ok({ token: null }, 'Your account is verified.') : refused(422, 'The code is invalid or has expired.'),
    });
    openDialogs('register');
    const register = await screen.findByRole('dialog', { name: 'Register' });
    await userEvent.type(within(register).getByRole('textbox', { name: 'Name' }), 'Ada Shopper');
    await userEvent.type(within(register).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(within(register).getByLabelText('Password'), 'a-long-password');
    await userEvent.click(within(register).getByRole('button', { name: 'Register' }));

    const verify = await screen.findByRole('dialog', { name: 'Verify OTP' });
    expect(await within(verify).findByText('Enter the 4-digit code we sent to a***@example.com.')).toBeInTheDocument();
    expect(api.calls('POST /send-otp')[0]?.body).toMatchObject({ phone: 'ada@example.com', forgot_password: false });
    const verifyButton = within(verify).getByRole('button', { name: 'Verify' });
    expect(verifyButton).toBeDisabled();

    await userEvent.type(within(verify).getByRole('textbox', { name: 'Digit 1 of 4' }), '1357');
    expect(verifyButton).toBeEnabled();
    await userEvent.click(verifyButton);
    expect(await screen.findByText('The code is invalid or has expired.')).toBeInTheDocument();
    await waitFor(() => expect(within(verify).getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveValue(''));
    expect(verifyButton).toBeDisabled();

    await userEvent.type(within(verify).getByRole('textbox', { name: 'Digit 1 of 4' }), '2468');
    await userEvent.click(verifyButton);
    expect(await screen.findByText('Your account is verified.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verify OTP' })).not.toBeInTheDocument());
    expect(useAuth.getState().user?.is_verified).toBe(true);
  });
});

describe('the code step after registration', () => {
  it('counts down the wait the store names when the code comes too soon after another, with no error', async () => {
    useSettings.setState({ register_otp_verify: true, register_otp_type: 'email' });
    stubApi({
      'GET /countries': ok({ countries }),
      'POST /registration': session(shopper({ is_verified: false })),
      ...sessionLoads,
      'POST /send-otp': { status: 429, body: { message: 'Too many attempts. Please try again later.', retry_after: 25 } },
    });
    openDialogs('register');
    const register = await screen.findByRole('dialog', { name: 'Register' });
    await userEvent.type(within(register).getByRole('textbox', { name: 'Name' }), 'Ada Shopper');
    await userEvent.type(within(register).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(within(register).getByLabelText('Password'), 'a-long-password');
    await userEvent.click(within(register).getByRole('button', { name: 'Register' }));

    const verify = await screen.findByRole('dialog', { name: 'Verify OTP' });
    expect(await within(verify).findByText('You can resend the code in 25 seconds.')).toBeInTheDocument();
    expect(screen.queryByText('Too many attempts. Please try again later.')).not.toBeInTheDocument();
  });
});

describe('the forgot-password dialog', () => {
  /** The dialog, its country and e-mail filled in, as a shopper who just signed up asks for a reset code. */
  async function askForCode() {
    useAuth.setState({ user: null, dialog: 'forgot' });
    renderApp(
      <>
        <AuthDialogs />
        <StoreToaster />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Country' }), 'Germany');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    return dialog;
  }
  const tooSoon = (seconds: number) => ({ status: 429, body: { message: 'Too many attempts. Please try again later.', retry_after: seconds } });

  it('says when a new code can be asked for, instead of an error, when the store finds it too soon', async () => {
    stubApi({ 'GET /countries': ok({ countries }), 'POST /send-otp': tooSoon(38) });
    const dialog = await askForCode();

    expect(await within(dialog).findByText('You can ask for a new code in 38 seconds.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send OTP' })).not.toBeInTheDocument();
    expect(screen.queryByText('Too many attempts. Please try again later.')).not.toBeInTheDocument();
    // It counts down.
    expect(await within(dialog).findByText('You can ask for a new code in 37 seconds.', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('gives Send OTP back when the wait is over, and then sends the code', async () => {
    const api = stubApi({ 'GET /countries': ok({ countries }), 'POST /send-otp': tooSoon(1) });
    const dialog = await askForCode();
    expect(await within(dialog).findByText('You can ask for a new code in 1 second.')).toBeInTheDocument();

    api.answer({ 'POST /send-otp': ok({ email_or_phone: 'a***@example.com' }, 'We sent a code to your e-mail.') });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send OTP' }, { timeout: 3000 }));
    const verify = await screen.findByRole('dialog', { name: 'Verify OTP' });
    expect(within(verify).getByText('Enter the 4-digit code we sent to a***@example.com.')).toBeInTheDocument();
  });

  it('counts the wait in minutes past one minute', async () => {
    stubApi({ 'GET /countries': ok({ countries }), 'POST /send-otp': tooSoon(3540) });
    const dialog = await askForCode();
    expect(await within(dialog).findByText('You can ask for a new code in 59 minutes.')).toBeInTheDocument();
  });
});
