import { useEffect, useState } from 'react';

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

function remaining(end: number, now: number): Countdown {
  // A second begun counts whole: 38 s to wait read 38 at once, and zero only when the time is up.
  const total = Math.max(0, Math.ceil((end - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
    done: total === 0,
  };
}

/** Time left until an ISO date, ticking each second and stopping at zero; a new date counts from the moment it is set. */
export function useCountdown(until: string): Countdown {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= end) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [end]);
  return remaining(end, now);
}
