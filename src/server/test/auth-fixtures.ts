import type { FastifyInstance } from 'fastify';

/** A registration body that passes every rule of the seeded store; tests vary one field at a time. */
export function newCustomer(overrides: Record<string, unknown> = {}) {
  const unique = Math.floor(Math.random() * 1e9);
  return {
    name: 'Ada Shopper',
    country: 'United States',
    phone_code: '+1',
    phone: `30${String(unique).padStart(9, '0')}`,
    email: `ada.${unique}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a customer up through the API and answers its body, token and the password it used. */
export async function signUpCustomer(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = newCustomer(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/registration', payload: body });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  const data = response.json().data as { user: { id: number; email: string }; access: { token: string } };
  return { ...body, user: data.user, token: data.access.token };
}

export function postLogin(app: FastifyInstance, phone: string, password: string, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { phone, password }, remoteAddress });
}
