/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. A text that a spreadsheet would run as a
 * formula (starting with = + - @, or a tab or carriage return that hides one) is prefixed with an
 * apostrophe (OWASP, CSV injection): user agents and route names are chosen by whoever calls.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole CSV document: a header row, then the rows, CRLF line ends. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
