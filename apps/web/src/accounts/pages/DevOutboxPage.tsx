/** Placeholder until the accounts pages land. */
export function DevOutboxPage() {
  return null;
}
