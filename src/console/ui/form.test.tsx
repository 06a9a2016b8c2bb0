// @vitest-environment happy-dom
import '../../client/test/component-test-setup.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/lib/api-client.ts';
import { FormField, showServerErrors } from './form.tsx';
import { Toaster } from './toast.tsx';

interface Values {
  name: string;
  variants: { sku: string }[];
}

/** A form of two fields whose submit is refused with `error`. */
function RefusedForm({ error, fields }: { error: unknown; fields?: ('name' | 'variants.0.sku')[] }) {
  const form = useForm<Values>({ defaultValues: { name: '', variants: [{ sku: '' }] } });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void form.handleSubmit(() => showServerErrors(error, form.setError, fields))(event)}>
        <FormField<Values> name="name" label="Name" />
        <FormField<Values> name="variants.0.sku" label="SKU" />
        <button type="submit">Save</button>
      </form>
      <Toaster direction="ltr" />
    </FormProvider>
  );
}

describe('showServerErrors', () => {
  it('puts every field error of a 422 under its field, focuses the first, and toasts a message for no field', async () => {
    const error = new ApiError(422, 'The given data was invalid.', {
      name: ['The name has already been taken.'],
      'variants.0.sku': ['The sku has already been taken.'],
      _: ['The shop is suspended.'],
    });
    render(<RefusedForm error={error} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The name has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('The name has already been taken.');
    expect(screen.getByRole('textbox', { name: 'SKU' })).toHaveAccessibleDescription('The sku has already been taken.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    const messages = screen.getByRole('region', { name: /^Messages/ });
    expect(messages).toHaveTextContent('The shop is suspended.');
    expect(within(messages).getByRole('button', { name: 'Close the message' })).toBeInTheDocument();
  });

  it('toasts the errors of fields the form does not show, and any other failure', async () => {
    const error = new ApiError(422, 'The given data was invalid.', { 'variants.0.sku': ['The sku has already been taken.'], token: ['The token is invalid.'] });
    const { unmount } = render(<RefusedForm error={error} fields={['name', 'variants.0.sku']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sku has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SKU' })).toHaveFocus();
    expect(screen.getByRole('region', { name: /^Messages/ })).toHaveTextContent('The token is invalid.');
    unmount();

    render(<RefusedForm error={new ApiError(409, 'The product was changed by someone else.')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The product was changed by someone else.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });
});
