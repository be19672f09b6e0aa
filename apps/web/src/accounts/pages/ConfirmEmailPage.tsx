/** Placeholder until the accounts pages land. */
export function ConfirmEmailPage() {
  return null;
}
