import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/vi';
import { scheduleExpressionSchema } from '@hostdeck/contracts/schedules';

/** What cron's macros mean, for the words and the next runs (`@reboot` has no next run). */
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@hourly': '0 * * * *',
};

export const isReboot = (expression: string) => expression === '@reboot';

/** True when the panel (and cron) accept the expression: the contracts' grammar. */
export function isValidExpression(expression: string): boolean {
  return scheduleExpressionSchema.safeParse(expression).success;
}

/** The expression in words (cronstrue, en or vi); null for `@reboot` or an invalid one. */
export function explainExpression(expression: string, language: string): string | null {
  if (!isValidExpression(expression) || isReboot(expression)) return null;
  try {
    return cronstrue.toString(MACROS[expression] ?? expression, {
      locale: language.startsWith('vi') ? 'vi' : 'en',
      use24HourTimeFormat: true,
      verbose: false,
    });
  } catch {
    return null;
  }
}

/** The next `count` runs in a time zone (croner, cron's day-of-month OR day-of-week rule). */
export function nextRuns(expression: string, timeZone: string | undefined, count = 5): Date[] {
  if (!isValidExpression(expression) || isReboot(expression)) return [];
  try {
    const job = new Cron(MACROS[expression] ?? expression, {
      paused: true,
      legacyMode: true,
      ...(timeZone ? { timezone: timeZone } : {}),
    });
    return job.nextRuns(count);
  } catch {
    return [];
  }
}

/** A date as a reader of `language` writes it, in `timeZone` (the browser's when undefined). */
export function formatInZone(date: Date, language: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
