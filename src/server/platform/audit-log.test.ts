import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-log.ts';

describe('auditChanges', () => {
  it('keeps each changed field with both values, and leaves unchanged ones out', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(auditChanges({ name: 'Lamp', price: 500, tags: ['a'], at }, { name: 'Lamp', price: 450, tags: ['a'], at: at.toISOString() })).toEqual({ price: { before: 500, after: 450 } });
    expect(auditChanges(null, { role: 'owner' })).toEqual({ role: { after: 'owner' } });
    expect(auditChanges({ role: 'owner' }, null)).toEqual({ role: { before: 'owner' } });
  });

  it('never keeps secrets', () => {
    const secrets = { password: 'a', passwordHash: 'b', token_hash: 'c', resetToken: 'd', client_secret: 'e', otp: '1234', verification_code: '5678', resetCode: '9012', name: 'Ada' };
    expect(auditChanges(null, secrets)).toEqual({ name: { after: 'Ada' } });
  });

  it('keeps settings about one-time codes, never a code itself', () => {
    expect(auditChanges({ register_otp_verify: false, forgot_otp_type: 'email', otp_code: '1', email_otp: '2' }, { register_otp_verify: true, forgot_otp_type: 'phone', otp_code: '3', email_otp: '4' })).toEqual({
      register_otp_verify: { before: false, after: true },
      forgot_otp_type: { before: 'email', after: 'phone' },
    });
  });

  it("keeps codes that are not secrets: a voucher's, a colour's, a barcode", () => {
    expect(auditChanges({ code: 'SPRING10', barcode: '400' }, { code: 'SPRING15', barcode: '401' })).toEqual({
      code: { before: 'SPRING10', after: 'SPRING15' },
      barcode: { before: '400', after: '401' },
    });
  });
});
