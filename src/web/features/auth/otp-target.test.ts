import { describe, expect, it } from 'vitest';
import { accountVerificationTarget, sendOtpInput, verifyOtpInput } from './otp-target.ts';

const account = { email: 'ana@example.com', phone: '2025550188', phone_code: '+1', country: 'United States' };

describe('where a code goes', () => {
  it('sends the account check to the e-mail when register_otp_type is email', () => {
    const target = accountVerificationTarget('email', account);
    expect(sendOtpInput(target)).toEqual({ phone: 'ana@example.com', forgot_password: false });
    expect(verifyOtpInput(target, '1234')).toEqual({ phone: 'ana@example.com', phone_code: undefined, otp: '1234', forgot_password: false });
  });

  it('sends the account check to the phone with its code when register_otp_type is phone', () => {
    const target = accountVerificationTarget('phone', account);
    expect(sendOtpInput(target)).toEqual({ phone: '2025550188', phone_code: '+1', country: 'United States', forgot_password: false });
    expect(verifyOtpInput(target, '0042')).toMatchObject({ phone: '2025550188', phone_code: '+1', otp: '0042', forgot_password: false });
  });

  it('marks a password-reset code as forgot_password', () => {
    const target = { purpose: 'reset-password' as const, phone: 'ana@example.com', phone_code: '+1', country: 'United States' };
    expect(sendOtpInput(target)).toEqual({ phone: 'ana@example.com', phone_code: '+1', country: 'United States', forgot_password: true });
    expect(verifyOtpInput(target, '9999').forgot_password).toBe(true);
  });
});
