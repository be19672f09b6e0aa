import type { HTMLAttributes } from 'react';

/**
 * Test ids of a select field (MUI TextField `select`): `<id>` on the hidden input that holds the
 * value (what Playwright reads) and `<id>-button` on the visible box that opens the menu (what it
 * clicks). The slot types list no data-* attributes, hence the plain records.
 */
export function selectTestIds(id: string) {
  const input: Record<string, string> = { 'data-testid': id };
  const display: Record<string, string> = { 'data-testid': `${id}-button` };
  return { htmlInput: input, select: { SelectDisplayProps: display as HTMLAttributes<HTMLDivElement> } };
}
