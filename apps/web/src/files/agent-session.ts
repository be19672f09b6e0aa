/** Milliseconds before `expires_at` (unix seconds) to ask for a fresh token, at least 10 s from now. */
export function refreshDelay(expiresAt: number, now: number = Date.now()): number {
  return Math.max(10_000, expiresAt * 1000 - now - 60_000);
}

/** spec/001 §1: the agent must be at least the version app info names; unknown counts as outdated. */
export function needsAgentUpgrade(serverVersion: number | null | undefined, required: number): boolean {
  return serverVersion === null || serverVersion === undefined || serverVersion < required;
}
