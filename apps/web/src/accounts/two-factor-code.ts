/** Authenticator apps show "123 456"; the panel wants the six digits. */
export function compactCode(code: string): string {
  return code.replace(/\s+/g, '');
}
