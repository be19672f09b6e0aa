/** Placeholder until the accounts pages land. */
export function TwoFactorChallengePage() {
  return null;
}
