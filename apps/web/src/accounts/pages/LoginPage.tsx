/** Placeholder until the accounts pages land. */
export function LoginPage() {
  return null;
}
