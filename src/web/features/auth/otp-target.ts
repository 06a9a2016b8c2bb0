import type { SendOtpInput, VerifyOtpInput } from '../../../shared/account.contract.ts';

/** Why a code is asked for: to confirm a new account, or to reset a forgotten password. */
export type OtpPurpose = 'verify-account' | 'reset-password';

/** Where a one-time code goes: `phone` holds an e-mail address or phone digits (docs/product/storefront.md §3). */
export interface OtpTarget {
  purpose: OtpPurpose;
  phone: string;
  phone_code?: string;
  country?: string;
}

export type OtpChannel = 'email' | 'phone';

interface Account {
  email: string;
  phone?: string;
  phone_code: string;
  country: string;
}

/** After registration the code goes to the e-mail or the phone, as register_otp_type says. */
export function accountVerificationTarget(channel: OtpChannel, account: Account): OtpTarget {
  if (channel === 'email') return { purpose: 'verify-account', phone: account.email };
  return { purpose: 'verify-account', phone: account.phone ?? '', phone_code: account.phone_code, country: account.country };
}

export function sendOtpInput({ purpose, ...target }: OtpTarget): SendOtpInput {
  return { ...target, forgot_password: purpose === 'reset-password' };
}

export function verifyOtpInput({ purpose, phone, phone_code }: OtpTarget, otp: string): VerifyOtpInput {
  return { phone, phone_code, otp, forgot_password: purpose === 'reset-password' };
}
