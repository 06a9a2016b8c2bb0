// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ContactForm } from './contact-form.tsx';

const box = (name: string) => screen.getByRole('textbox', { name });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

describe('the contact form', () => {
  it("refuses what the contract refuses, with the API's own messages, before sending anything", async () => {
    const api = stubApi({});
    renderApp(<ContactForm />);

    await send();
    expect(box('Name')).toHaveAccessibleDescription('The name field is required.');
    expect(box('Email')).toHaveAccessibleDescription('The email field is required.');
    expect(box('Subject')).toHaveAccessibleDescription('The subject field is required.');
    expect(box('Message')).toHaveAccessibleDescription('The message field is required.');
    expect(box('Phone (optional)')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(box('Name')).toHaveFocus());

    await userEvent.type(box('Name'), 'Grace Reader');
    await userEvent.type(box('Email'), 'grace@');
    await userEvent.type(box('Phone (optional)'), 'call me');
    await userEvent.type(box('Subject'), 'Delivery');
    await userEvent.type(box('Message'), 'Hello?');
    await send();
    expect(box('Name')).not.toHaveAttribute('aria-invalid');
    expect(box('Email')).toHaveAccessibleDescription('The email must be a valid email address.');
    expect(box('Phone (optional)')).toHaveAccessibleDescription('The phone format is invalid.');
    expect(box('Message')).toHaveAccessibleDescription('The message must be at least 10 characters.');
    expect(api.calls('POST /contact')).toHaveLength(0);
  });

  it('sends the trimmed message without an empty phone, and says it was received', async () => {
    const api = stubApi({ 'POST /contact': ok({}, 'Thank you for contacting us. We will get back to you soon.') });
    renderApp(<ContactForm />);

    await userEvent.type(box('Name'), '  Grace Reader ');
    await userEvent.type(box('Email'), 'grace@example.com');
    await userEvent.type(box('Subject'), 'Delivery question');
    await userEvent.type(box('Message'), 'Do you deliver to Canada?');
    await send();

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for contacting us. We will get back to you soon.');
    expect(api.calls('POST /contact')[0]?.body).toEqual({ name: 'Grace Reader', email: 'grace@example.com', subject: 'Delivery question', message: 'Do you deliver to Canada?' });
    expect(box('Name')).toHaveValue('');
  });
});
