/** Time left until the sales event ends (spec/000 §2 promo banner), in whole units. */
export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The end has been reached: the countdown stays at zero and the banner hides. */
  done: boolean;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole units left; at and after the end everything is zero and `done` is true. */
export function countdownTo(endsAt: number, now: number): Countdown {
  const left = Math.max(0, endsAt - now);
  // Rounded down to the second, so the display reaches 0 exactly when the event ends.
  const total = Math.floor(left / SECOND) * SECOND;
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: Math.floor((total % MINUTE) / SECOND),
    done: total === 0,
  };
}

/** The sales event end as a time, or null when there is none or it is not a date. */
export function parseEventEnd(eventEndsAt: string | null | undefined): number | null {
  if (!eventEndsAt) return null;
  const time = Date.parse(eventEndsAt);
  return Number.isNaN(time) ? null : time;
}

/** Two digits for hours, minutes and seconds ("05"), as a countdown clock shows them. */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
