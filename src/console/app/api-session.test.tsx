// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../client/test/api-stub.ts';
import { renderConsole, storeOwner } from '../test/render-console.tsx';
import { connectApiClientToConsole } from './api-session.ts';

beforeAll(connectApiClientToConsole);

describe('the console after its person lost their access', () => {
  it('asks who they are again when a call is refused, and closes once the console is refused to them', async () => {
    let removed = false;
    const api = stubApi({
      'GET /console/me': () => (removed ? refused(403, 'This action is unauthorized.') : ok(storeOwner)),
      // Removed from the staff in another tab while this one showed the console; still signed in as a shopper (decision 049).
      'GET /console/staff': () => {
        removed = true;
        return refused(403, 'This action is unauthorized.');
      },
    });
    renderConsole('/staff');
    expect(await screen.findByText('You do not have access to the console.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/');
    // Its own refusal does not ask again.
    expect(api.calls('GET /console/me')).toHaveLength(2);
  });
});
