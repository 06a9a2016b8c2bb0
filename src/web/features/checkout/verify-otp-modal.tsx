import { useEffect, useRef, useState } from 'react';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { authRequests } from '../auth/auth-requests.ts';
import { useAuth } from '../session/session-store.ts';
import { CodeDialog } from '../auth/code-dialog.tsx';
import { sendOtpInput, type OtpTarget } from '../auth/otp-target.ts';
import { showFailure } from '../../components/form/use-form-request.ts';
import { resendWaitSeconds } from '../auth/resend-wait.ts';

interface VerifyOtpModalProps {
  /** The shopper's e-mail address: the code goes there. */
  email: string;
  onClose(): void;
  /** The account is verified now; the order can be placed. */
  onVerified(): void;
}

/**
 * docs/product/storefront.md §1 VerifyOtpModal: when the store wants verified accounts to order (order_place_account_verify),
 * a code goes to the shopper's e-mail; the right code verifies the account and the order goes on.
 */
export function VerifyOtpModal({ email, onClose, onVerified }: VerifyOtpModalProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<{ to: string; resendAfterSeconds?: number } | null>(null);
  const asked = useRef(false);
  const target: OtpTarget = { purpose: 'verify-account', phone: email };

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    authRequests.sendOtp(sendOtpInput({ purpose: 'verify-account', phone: email })).then(
      (answer) => setSent({ to: answer.data.email_or_phone || email }),
      (error: unknown) => {
        // Too soon after the last code, which still works: its step, counting down to Resend OTP.
        const resendAfterSeconds = resendWaitSeconds(error);
        if (resendAfterSeconds !== undefined) {
          setSent({ to: email, resendAfterSeconds });
          return;
        }
        showFailure(error);
        onClose();
      },
    );
  }, [email, onClose]);

  if (!sent) {
    return (
      <ModalDialog open onClose={onClose} title={t('Verify OTP')}>
        <p role="status" aria-busy="true" className="p-6 text-center text-slate-700">
          {t('Sending a verification code…')}
        </p>
      </ModalDialog>
    );
  }
  return (
    <CodeDialog
      target={target}
      sentTo={sent.to}
      resendAfterSeconds={sent.resendAfterSeconds}
      onClose={onClose}
      onVerified={({ message }) => {
        notify.success(message);
        useAuth.getState().updateUser({ is_verified: true });
        onVerified();
      }}
    />
  );
}
