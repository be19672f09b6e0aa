import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * HMAC keys of the accounts area, each derived from APP_KEY for one purpose: a signature made
 * for one use (a verification link) can never pass as another (a pending two-factor sign-in).
 */
export interface AccountKeys {
  emailVerification: Buffer;
  pendingLogin: Buffer;
  sessionIds: Buffer;
}

export function deriveAccountKeys(appKey: Buffer): AccountKeys {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), `hostdeck accounts ${purpose} v1`, 32));
  return {
    emailVerification: derive('email verification'),
    pendingLogin: derive('pending login'),
    sessionIds: derive('session ids'),
  };
}

export function sign(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/** Constant-time comparison of two strings (signatures, codes). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
