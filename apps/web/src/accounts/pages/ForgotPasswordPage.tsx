/** Placeholder until the accounts pages land. */
export function ForgotPasswordPage() {
  return null;
}
