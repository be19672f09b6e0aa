/** Placeholder until the accounts pages land. */
export function VerifyEmailPage() {
  return null;
}
