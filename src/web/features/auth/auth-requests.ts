import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import { api } from '../../../client/lib/api-client.ts';

/** The account calls of docs/product/storefront.md §7, typed by the shared contract. */
export const authRequests = {
  login: (body: EndpointBody<'POST /login'>) => api.call('POST /login', { body }),
  register: (body: EndpointBody<'POST /registration'>) => api.call('POST /registration', { body }),
  sendOtp: (body: EndpointBody<'POST /send-otp'>) => api.call('POST /send-otp', { body }),
  verifyOtp: (body: EndpointBody<'POST /verify-otp'>) => api.call('POST /verify-otp', { body }),
  resetPassword: (body: EndpointBody<'POST /reset-password'>) => api.call('POST /reset-password', { body }),
};
