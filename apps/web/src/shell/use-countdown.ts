import { useEffect, useState } from 'react';
import { countdownTo, type Countdown } from './countdown';

/** Ticks every second until `endsAt`, then stops (spec/000 §2: the countdown stops at zero). */
export function useCountdown(endsAt: number | null): Countdown | null {
  const [now, setNow] = useState(() => Date.now());
  const done = endsAt === null || countdownTo(endsAt, now).done;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [done]);

  return endsAt === null ? null : countdownTo(endsAt, now);
}
