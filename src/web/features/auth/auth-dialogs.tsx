import { useState } from 'react';
import { notify } from '../../lib/toast.ts';
import { useAuth } from '../session/session-store.ts';
import { authRequests } from './auth-requests.ts';
import { CodeDialog } from './code-dialog.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { sendOtpInput, type OtpTarget } from './otp-target.ts';
import { RegisterDialog } from './register-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { showFailure } from '../../components/form/use-form-request.ts';
import { resendWaitSeconds } from './resend-wait.ts';

interface CodeStep {
  target: OtpTarget;
  sentTo: string;
  /** The wait the store named when it refused the code as too soon (an earlier one still works). */
  resendAfterSeconds?: number;
}

/**
 * The account dialogs of docs/product/storefront.md §2/§4, one at a time as `useAuth().dialog` says. Holds what passes
 * from one step to the next: where the code went, and the reset token the code check gave.
 */
export default function AuthDialogs() {
  const dialog = useAuth((state) => state.dialog);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const [resetToken, setResetToken] = useState<string | null>(null);
  const { openDialog, updateUser } = useAuth.getState();
  const close = () => openDialog(null);

  const showCodeStep = (target: OtpTarget, sentTo: string) => {
    setCodeStep({ target, sentTo });
    openDialog('otp');
  };

  /** After registration: the code dialog opens at once while the code is on its way. */
  const verifyAccount = async (target: OtpTarget) => {
    showCodeStep(target, target.phone_code ? `${target.phone_code} ${target.phone}` : target.phone);
    try {
      const answer = await authRequests.sendOtp(sendOtpInput(target));
      notify.success(answer.message);
      setCodeStep({ target, sentTo: answer.data.email_or_phone });
    } catch (error) {
      const resendAfterSeconds = resendWaitSeconds(error);
      if (resendAfterSeconds === undefined) showFailure(error);
      else setCodeStep((step) => step && { ...step, resendAfterSeconds });
    }
  };

  const onVerified = (target: OtpTarget, { message, token }: { message: string; token: string | null }) => {
    if (target.purpose === 'reset-password' && token) {
      setResetToken(token);
      openDialog('reset');
      return;
    }
    updateUser({ is_verified: true });
    notify.success(message);
    close();
  };

  switch (dialog) {
    case 'login':
      return <LoginDialog onClose={close} />;
    case 'register':
      return <RegisterDialog onClose={close} onVerifyAccount={(target) => void verifyAccount(target)} />;
    case 'forgot':
      return <ForgotPasswordDialog onClose={close} onCodeSent={showCodeStep} />;
    case 'otp':
      return (
        codeStep && (
          <CodeDialog
            // A wait named after the dialog opened starts its countdown afresh.
            key={codeStep.resendAfterSeconds}
            resendAfterSeconds={codeStep.resendAfterSeconds}
            target={codeStep.target}
            sentTo={codeStep.sentTo}
            onClose={close}
            onVerified={(answer) => onVerified(codeStep.target, answer)}
          />
        )
      );
    case 'reset':
      return resetToken && <ResetPasswordDialog token={resetToken} onClose={close} onReset={() => openDialog('login')} />;
    default:
      return null;
  }
}
