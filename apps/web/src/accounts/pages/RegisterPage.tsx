/** Placeholder until the accounts pages land. */
export function RegisterPage() {
  return null;
}
