/** Placeholder until the accounts pages land. */
export function ProfilePage() {
  return null;
}
