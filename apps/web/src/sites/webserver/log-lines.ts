import { SITE_LOG_LINES_DEFAULT, SITE_LOG_LINE_OPTIONS, type SiteLogLines } from '@hostdeck/contracts';

/** `?lines=` of a log page: one of the Lines options (spec/001 §9), else the default. */
export function parseLinesParam(value: string | null): SiteLogLines {
  if (value === null || value === '') return SITE_LOG_LINES_DEFAULT;
  const lines = Number(value);
  return (SITE_LOG_LINE_OPTIONS as readonly number[]).includes(lines)
    ? (lines as SiteLogLines)
    : SITE_LOG_LINES_DEFAULT;
}
