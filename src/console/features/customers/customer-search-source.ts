import { api } from '../../../client/lib/api-client.ts';
import { typingPause } from '../../ui/typing-pause.ts';

/** The palette's customer search: accounts whose e-mail, phone number or name starts with the text, each opening the customers page searched for it. */
export const customerSearchSource = {
  id: 'customers',
  labelKey: 'Customers',
  needs: 'customers.read',
  async search(text: string, signal: AbortSignal) {
    await typingPause(signal);
    const { data } = await api.call('GET /console/customers', { query: { search: text, limit: 5 }, signal });
    return data.customers.map((customer) => {
      const contact = customer.email ?? customer.phone;
      return { id: String(customer.id), label: contact ? `${customer.name} · ${contact}` : customer.name, path: `/customers?${new URLSearchParams({ search: contact ?? customer.name })}` };
    });
  },
} as const;
