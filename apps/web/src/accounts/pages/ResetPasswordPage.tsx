/** Placeholder until the accounts pages land. */
export function ResetPasswordPage() {
  return null;
}
