import { useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { resendTimeAfter, resendWaitSeconds } from './resend-wait.ts';

/**
 * The wait before the store sends another code, counting down each second: `startSeconds` at
 * first, then what `waitAfter` finds in a refusal (429 with `retry_after`) or `restart` sets.
 */
export function useCodeWait(startSeconds: number) {
  const [until, setUntil] = useState(() => resendTimeAfter(startSeconds));
  const left = useCountdown(until);
  const restart = (seconds: number) => setUntil(resendTimeAfter(seconds));
  return {
    secondsLeft: ((left.days * 24 + left.hours) * 60 + left.minutes) * 60 + left.seconds,
    restart,
    /** True when the failure is a "too soon" that names its wait, which then counts down instead of being an error. */
    waitAfter(error: unknown): boolean {
      const seconds = resendWaitSeconds(error);
      if (seconds !== undefined) restart(seconds);
      return seconds !== undefined;
    },
  };
}

/**
 * How long until another code may be asked for: in seconds under a minute, in whole minutes beyond
 * (an hourly limit). `resend` in the code step, `ask` where the first code is asked for.
 */
export function CodeWaitText({ secondsLeft, action }: { secondsLeft: number; action: 'resend' | 'ask' }) {
  const { t } = useTranslation();
  const minutes = secondsLeft > 60;
  const count = minutes ? Math.ceil(secondsLeft / 60) : secondsLeft;
  if (action === 'resend') {
    return minutes
      ? t({ one: 'You can resend the code in {{count}} minute.', other: 'You can resend the code in {{count}} minutes.' }, { count })
      : t({ one: 'You can resend the code in {{count}} second.', other: 'You can resend the code in {{count}} seconds.' }, { count });
  }
  return minutes
    ? t({ one: 'You can ask for a new code in {{count}} minute.', other: 'You can ask for a new code in {{count}} minutes.' }, { count })
    : t({ one: 'You can ask for a new code in {{count}} second.', other: 'You can ask for a new code in {{count}} seconds.' }, { count });
}
