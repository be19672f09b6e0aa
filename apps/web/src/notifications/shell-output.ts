/**
 * The line-number column of the read-only shell-style output view (spec/000 §2 Notifications):
 * one number per line of output, as one text block that lines up with the output beside it.
 * A trailing newline does not start a line of its own.
 */
export function lineNumberColumn(output: string): string {
  const text = output.endsWith('\n') ? output.slice(0, -1) : output;
  const count = text === '' ? 1 : text.split('\n').length;
  return Array.from({ length: count }, (_, index) => String(index + 1)).join('\n');
}

/** Output without the trailing newline, so it has as many lines as the number column. */
export function outputLines(output: string): string {
  return output.endsWith('\n') ? output.slice(0, -1) : output;
}
