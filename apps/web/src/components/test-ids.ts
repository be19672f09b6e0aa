import type { InputHTMLAttributes } from 'react';

/**
 * A test id for the <input> slot of a radio or checkbox (what Playwright checks and reads): the
 * attribute is valid there, but the slot's type lists no data-* attributes.
 */
export function inputTestId(id: string): InputHTMLAttributes<HTMLInputElement> {
  const attributes: Record<string, string> = { 'data-testid': id };
  return attributes;
}
