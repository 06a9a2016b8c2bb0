// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { customerSearchSource } from './customer-search-source.ts';

describe("the palette's customer search", () => {
  it('finds customers by the start of their e-mail, phone or name and opens the customers page searched for them', async () => {
    const api = stubApi({
      'GET /console/customers': ok({
        customers: [
          { id: 3, name: 'Ada Lovelace', email: 'ada@example.test', phone: null, created_at: '' },
          { id: 4, name: 'Ada Phone', email: null, phone: '2025550123', created_at: '' },
        ],
        next_cursor: null,
      }),
    });
    expect(await customerSearchSource.search('ada', new AbortController().signal)).toEqual([
      { id: '3', label: 'Ada Lovelace · ada@example.test', path: '/customers?search=ada%40example.test' },
      { id: '4', label: 'Ada Phone · 2025550123', path: '/customers?search=2025550123' },
    ]);
    expect(api.calls('GET /console/customers').map((call) => call.query)).toEqual([{ search: 'ada', limit: '5' }]);
  });
});
