import { describe, expect, it } from 'vitest';
import {
  acceptTotpCode,
  currentTotpCode,
  generateRecoveryCodes,
  generateTotpSecret,
  otpauthUrl,
  qrCodeSvg,
} from './totp.js';

describe('TOTP', () => {
  const secret = generateTotpSecret();
  const now = Date.UTC(2025, 0, 1, 12, 0, 15);

  it('accepts the current code and the neighbouring steps only', () => {
    const state = { secret, last_step: null };
    const step = Math.floor(now / 30_000);
    expect(acceptTotpCode(state, currentTotpCode(secret, now), now)).toBe(step);
    expect(acceptTotpCode(state, currentTotpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(acceptTotpCode(state, currentTotpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(acceptTotpCode(state, currentTotpCode(secret, now - 90_000), now)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    const step = Math.floor(now / 30_000);
    const code = currentTotpCode(secret, now);
    expect(acceptTotpCode({ secret, last_step: step }, code, now)).toBeNull();
    expect(acceptTotpCode({ secret, last_step: step - 1 }, code, now)).toBe(step);
    expect(
      acceptTotpCode({ secret, last_step: step }, currentTotpCode(secret, now - 30_000), now),
    ).toBeNull();
  });

  it('builds the otpauth URL and its QR code', async () => {
    const url = otpauthUrl(secret, 'HostDeck', 'ada@example.test');
    expect(url).toMatch(/^otpauth:\/\/totp\/HostDeck:ada%40example\.test\?/);
    expect(url).toContain(`secret=${secret}`);
    expect(url).toContain('issuer=HostDeck');
    expect(url).toContain('digits=6');
    expect(url).toContain('period=30');
    expect(await qrCodeSvg(url)).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
  });

  it('makes 8 distinct recovery codes of the contract grammar', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
  });
});
