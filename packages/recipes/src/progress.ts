/**
 * Progress lines printed by `hd_log` (scripts/lib/common.sh): `::hostdeck::LEVEL::MESSAGE`.
 * `change` means the step changed something on the server; a second run of an idempotent recipe
 * prints none.
 */
export const STEP_LOG_LEVELS = ['info', 'warn', 'error', 'change'] as const;
export type StepLogLevel = (typeof STEP_LOG_LEVELS)[number];

export interface StepLogLine {
  level: StepLogLevel;
  message: string;
}

const LINE_PATTERN = /^::hostdeck::(info|warn|error|change)::(.*)$/;

/** The progress line in one line of step output, or null for any other output. */
export function parseStepLogLine(line: string): StepLogLine | null {
  const match = LINE_PATTERN.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
  if (!match) return null;
  return { level: match[1] as StepLogLevel, message: match[2] ?? '' };
}
