import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A server's backup callback token (public POST api/backup-history and GET …/backups/{b}/script).
 * The panel keeps only its SHA-256 (server_backup_tokens); the token itself is an HMAC of the
 * server id and that row's creation under a key derived from APP_KEY, so the panel can hand the
 * same token to every config of the server (each gets its own token file) without storing it.
 * A leaked database alone gives no token; rotating means a new row (a new creation time).
 */
export function createBackupTokens(appKey: Buffer) {
  const key = Buffer.from(
    hkdfSync('sha256', appKey, Buffer.alloc(0), 'hostdeck backup callback tokens v1', 32),
  );
  return {
    /** The token for a server whose token row was created at `createdAt`: 43 base64url characters. */
    tokenFor(serverId: number, createdAt: Date): string {
      return createHmac('sha256', key).update(`${serverId}:${createdAt.toISOString()}`).digest('base64url');
    },
    hash(token: string): string {
      return createHash('sha256').update(token, 'utf8').digest('hex');
    },
    /** Constant-time comparison of a presented token's hash with the stored one. */
    matches(token: string, storedHash: string): boolean {
      const presented = Buffer.from(createHash('sha256').update(token, 'utf8').digest('hex'));
      const stored = Buffer.from(storedHash);
      return presented.length === stored.length && timingSafeEqual(presented, stored);
    },
  };
}
export type BackupTokens = ReturnType<typeof createBackupTokens>;

/** A restic repository password the panel makes: 43 base64url characters (256 bits). */
export function generateRepositoryPassword(): string {
  return randomBytes(32).toString('base64url');
}

/** The token from an `Authorization: Bearer <token>` header (undefined when absent or malformed). */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_.~-]{16,256})$/.exec(header ?? '');
  return match?.[1];
}
