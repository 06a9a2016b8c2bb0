// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { address, countries, shopper } from '../../test/store-fixtures.ts';
import { useAuth } from '../session/session-store.ts';
import { useSettings } from '../settings/settings-store.ts';
import { AddressForm } from './address-form.tsx';

beforeEach(() => {
  useAuth.setState({ user: shopper() });
  useSettings.setState({ phoneMinLength: 6, phoneMaxLength: 12 });
});

const field = (name: string) => screen.getByRole('textbox', { name });
const countryBox = () => screen.getByRole('combobox', { name: 'Country' });
const saveButton = () => screen.getByRole('button', { name: 'Save Address' });

async function chooseJordan() {
  await userEvent.type(countryBox(), 'j{ArrowDown}{ArrowUp}{Enter}');
  expect(countryBox()).toHaveValue('Jordan');
}

async function fillRequiredFields() {
  await userEvent.type(field('Name'), 'Ada Shopper');
  await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '1512345678');
  await userEvent.type(field('Area'), 'Mitte');
  await userEvent.type(field('Address Line'), 'Main Street 1');
  await userEvent.type(field('City'), 'Berlin');
}

describe('the address form', () => {
  it("shows the server's first message under each refused field, focuses the first, and clears a field's error once edited", async () => {
    const api = stubApi({
      'GET /countries': ok({ countries }),
      'POST /addresses': refused(422, 'The given data was invalid.', {
        name: ['The name field is required.'],
        city: ['The city field is required.', 'The city must be a string.'],
      }),
    });
    renderApp(<AddressForm onSaved={vi.fn()} />);
    await chooseJordan();

    await userEvent.click(saveButton());

    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The city field is required.')).toBeInTheDocument();
    expect(screen.queryByText('The city must be a string.')).not.toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('The name field is required.');
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(api.calls('POST /addresses')).toHaveLength(1);

    await userEvent.type(field('Name'), 'A');
    expect(screen.queryByText('The name field is required.')).not.toBeInTheDocument();
    expect(screen.getByText('The city field is required.')).toBeInTheDocument();
  });

  it('without a country, shows the contract\'s message under every field at once and sends nothing', async () => {
    const api = stubApi({ 'GET /countries': ok({ countries }) });
    renderApp(<AddressForm onSaved={vi.fn()} />);

    await userEvent.click(saveButton());

    expect(await screen.findByText('The country field is required.')).toBeInTheDocument();
    expect(screen.getByText('The name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The city field is required.')).toBeInTheDocument();
    expect(api.calls('POST /addresses')).toHaveLength(0);
  });

  it('finds a country by name or calling code with the keyboard, and sends its id', async () => {
    const saving = heldAnswer(ok({ address: address({ id: 5, country: countries[1]! }) }, 'Address saved'));
    const api = stubApi({ 'GET /countries': ok({ countries }), 'POST /addresses': saving.responder, 'GET /addresses': ok({ addresses: [address({ id: 5 })] }) });
    const onSaved = vi.fn();
    renderApp(<AddressForm onSaved={onSaved} />);
    await fillRequiredFields();

    await userEvent.type(countryBox(), 'jor');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringContaining('Jordan')]);
    // No emoji flags: without an emoji font (Debian's Chromium) they are empty boxes.
    expect(screen.getByRole('option').textContent).not.toMatch(/\p{Regional_Indicator}/u);
    await userEvent.clear(countryBox());
    await userEvent.type(countryBox(), '+49');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringContaining('Germany')]);
    await userEvent.clear(countryBox());
    await userEvent.type(countryBox(), 'xyz');
    expect(screen.getByText('No country matches')).toBeInTheDocument();
    await userEvent.clear(countryBox());
    await userEvent.type(countryBox(), 'j{ArrowDown}{ArrowUp}{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(countryBox()).toHaveValue('Jordan');

    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(saveButton()).toHaveAttribute('aria-busy', 'true');
    expect(api.calls('POST /addresses')[0]?.body).toMatchObject({ name: 'Ada Shopper', phone: '1512345678', city: 'Berlin', country_id: 2 });

    saving.release();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 5 })));
    expect(saveButton()).toBeEnabled();
  });
});
