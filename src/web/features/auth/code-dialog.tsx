import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/constants.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { formClass, SubmitButton } from './auth-form-parts.tsx';
import { authRequests } from './auth-requests.ts';
import { emptyCode, isComplete } from './code-boxes.ts';
import { CodeInput } from './code-input.tsx';
import { sendOtpInput, verifyOtpInput, type OtpTarget } from './otp-target.ts';
import { CodeWaitText, useCodeWait } from './code-wait.tsx';
import { showFailure } from '../../components/form/use-form-request.ts';

interface CodeDialogProps {
  target: OtpTarget;
  /** Where the code went, as the shopper should read it (the server masks it). */
  sentTo: string;
  onClose(): void;
  /** The verify answer: a password-reset token for the forgot flow, null for an account check. */
  onVerified(answer: { message: string; token: string | null }): void;
  /** Seconds until Resend OTP shows: the store's minute after a code, or the wait it named when the code was refused as too soon. */
  resendAfterSeconds?: number;
}

/**
 * The four-digit code step (docs/product/storefront.md §4): verify, or resend once the 60-second countdown has run out.
 * A resend the server finds too early restarts the countdown with the wait it names.
 */
export function CodeDialog({ target, sentTo, onClose, onVerified, resendAfterSeconds = OTP_RESEND_SECONDS }: CodeDialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  const boxes = useRef<HTMLDivElement>(null);
  const [digits, setDigits] = useState(emptyCode);
  const wait = useCodeWait(resendAfterSeconds);

  const focusCode = () => boxes.current?.querySelector('input')?.focus();
  const startOver = () => {
    setDigits(emptyCode());
    focusCode();
  };

  const verify = useMutation({
    mutationFn: (code: string) => authRequests.verifyOtp(verifyOtpInput(target, code)),
    onSuccess: (answer) => onVerified({ message: answer.message, token: answer.data.token }),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      showFailure(error);
      startOver();
    },
  });

  const resend = useMutation({
    mutationFn: () => authRequests.sendOtp(sendOtpInput(target)),
    onSuccess: (answer) => {
      notify.success(answer.message);
      wait.restart(OTP_RESEND_SECONDS);
      startOver();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (!wait.waitAfter(error)) {
        showFailure(error);
        return;
      }
      // The code already sent still works: keep what was typed, and keep focus off the vanished button.
      focusCode();
    },
  });
  const processing = verify.isPending || resend.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!processing && isComplete(digits)) verify.mutate(digits.join(''));
  };

  return (
    <ModalDialog open onClose={onClose} title={t('Verify OTP')} describedBy={textId}>
      <form noValidate onSubmit={submit} className={formClass}>
        <p id={textId} className="text-center text-sm text-slate-700">
          {t('Enter the {{length}}-digit code we sent to {{destination}}.', { length: OTP_LENGTH, destination: sentTo })}
        </p>
        <CodeInput ref={boxes} digits={digits} onDigits={setDigits} readOnly={processing} labelledBy={textId} />
        <SubmitButton busy={verify.isPending} disabled={processing || !isComplete(digits)}>
          {t('Verify')}
        </SubmitButton>
        <p className="text-center text-sm text-slate-700">
          {wait.secondsLeft > 0 ? (
            <CodeWaitText secondsLeft={wait.secondsLeft} action="resend" />
          ) : (
            <button type="button" onClick={() => resend.mutate()} disabled={processing} className={textButtonClass}>
              {t('Resend OTP')}
            </button>
          )}
        </p>
      </form>
    </ModalDialog>
  );
}
