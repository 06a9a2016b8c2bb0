import type {
  LoginInput,
  OtpSent,
  OtpVerified,
  RegistrationInput,
  ResetPasswordInput,
  SendOtpInput,
  SessionData,
  VerifyOtpInput,
} from '../../../shared/account.contract.ts';
import { api, type Envelope } from '../../lib/api-client.ts';

/** The account calls of spec §7, typed by the shared contract. */
export const authRequests = {
  login: (input: LoginInput) => api.post<Envelope<SessionData>>('/login', input),
  register: (input: Omit<RegistrationInput, 'phone'> & { phone?: string }) =>
    api.post<Envelope<SessionData>>('/registration', input),
  sendOtp: (input: SendOtpInput) => api.post<Envelope<OtpSent>>('/send-otp', input),
  verifyOtp: (input: VerifyOtpInput) => api.post<Envelope<OtpVerified>>('/verify-otp', input),
  resetPassword: (input: ResetPasswordInput) => api.post<Envelope<Record<string, never>>>('/reset-password', input),
};
