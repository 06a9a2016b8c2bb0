import { useEffect } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

interface CountdownProps {
  /** ISO date the count runs to. */
  until: string;
  /** Read before the clock, e.g. "Ends in". */
  label: string;
  onDone?: () => void;
  tone?: 'light' | 'dark';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Days, hours, minutes and seconds left; a timer that is not announced on every tick. */
export function Countdown({ until, label, onDone, tone = 'light' }: CountdownProps) {
  const { t } = useTranslation();
  const left = useCountdown(until);
  useEffect(() => {
    if (left.done) onDone?.();
  }, [left.done, onDone]);

  const units = [
    { value: left.days, unit: t('Days') },
    { value: left.hours, unit: t('Hours') },
    { value: left.minutes, unit: t('Minutes') },
    { value: left.seconds, unit: t('Seconds') },
  ];
  const box = tone === 'dark' ? 'bg-slate-900 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-200';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium">{label}</span>
      <div role="timer" aria-live="off" aria-atomic="true" className="flex gap-1.5">
        {units.map(({ value, unit }) => (
          <span key={unit} className={`flex min-w-12 flex-col items-center rounded-md px-1.5 py-1 ${box}`}>
            {/* The server's clock drew the first figures; the browser's takes over on its first tick. */}
            <span suppressHydrationWarning className="text-lg leading-6 font-bold tabular-nums">
              {pad(value)}
            </span>
            <span className="text-[11px] leading-4">{unit}</span>
          </span>
        ))}
      </div>
    </div>
  );
}
