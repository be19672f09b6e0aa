/**
 * The last progress line of an event's output, as a long task writes it
 * (`::hostdeck::info::progress 42% (420.0 MiB of 1.0 GiB read)`, e.g. a database import), or null
 * when the output has none. The web draws it as a bar above the raw output.
 */
const PROGRESS_LINE = /^::hostdeck::info::progress (\d{1,3})%/gm;

export function lastProgressPercent(output: string): number | null {
  let percent: number | null = null;
  for (const match of output.matchAll(PROGRESS_LINE)) percent = Math.min(100, Number(match[1]));
  return percent;
}
