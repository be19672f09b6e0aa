/**
 * The single-use rule of terminal tokens (SECURITY.md, cross-site websockets): a token's jti is
 * remembered until the token expires, and a second use is refused. Kept in memory: a token is
 * valid for 60 seconds and a browser opens its terminal on the process that answered it.
 * TODO(scale): with several panel processes behind a balancer that does not pin websockets,
 * this set would move to the database (a unique jti row), so a token is accepted by one process.
 */
export function createUsedTokens(now: () => number = () => Math.floor(Date.now() / 1000)) {
  const used = new Map<string, number>();

  return {
    /** True the first time a jti is presented before `expiresAt` (unix seconds); false after. */
    consume(jti: string, expiresAt: number): boolean {
      const current = now();
      for (const [key, expiry] of used) if (expiry < current) used.delete(key);
      if (expiresAt < current || used.has(jti)) return false;
      used.set(jti, expiresAt);
      return true;
    },
  };
}
export type UsedTokens = ReturnType<typeof createUsedTokens>;
