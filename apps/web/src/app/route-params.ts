/**
 * URL parameters are input like any other (CONVENTIONS.md): a server or site id must be a
 * positive integer, anything else is "not found" rather than a request for `/api/servers/abc`.
 */
export function parseRecordId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

/**
 * `/servers/{server}/php{digits.digits}` redirects to the php page (spec/000 §2). Returns the
 * version (e.g. `8.3` for `php8.3`), or null when the segment is something else (not found).
 */
export function parsePhpVersionSegment(segment: string | undefined): string | null {
  const match = /^php(\d+\.\d+)$/.exec(segment ?? '');
  return match?.[1] ?? null;
}
