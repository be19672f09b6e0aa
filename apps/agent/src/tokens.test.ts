import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLinkSigner } from './links.js';
import { createTestKeys, signToken, TEST_SERVER_ID, tokenPayload } from './testing/agent-test-support.js';
import { AgentAuthError, createTokenVerifier } from './tokens.js';

const keys = createTestKeys();
const linkKeys = generateKeyPairSync('ed25519');
const links = createLinkSigner({ keyPair: linkKeys });
const verifier = createTokenVerifier({
  panelPublicKey: keys.publicKeyPem,
  serverId: TEST_SERVER_ID,
  linkPublicKey: links.publicKey,
});

function refusal(action: () => unknown): { status: number; message: string } | null {
  try {
    action();
    return null;
  } catch (error) {
    if (!(error instanceof AgentAuthError)) throw error;
    return { status: error.status, message: error.message };
  }
}

describe('agent tokens', () => {
  it('accepts a token the panel signed for this server and operation', () => {
    const payload = tokenPayload({ root: '/home/hostdeck/a', user: 'hostdeck' });
    expect(verifier.verify(signToken(payload, keys.privateKey), 'files:read')).toEqual(payload);
  });

  it('refuses a missing token, garbage and a token signed by another key (401)', () => {
    expect(refusal(() => verifier.verify(null, 'files:read'))?.status).toBe(401);
    expect(refusal(() => verifier.verify('not-a-token', 'files:read'))?.status).toBe(401);
    expect(refusal(() => verifier.verify('a.b.c', 'files:read'))?.status).toBe(401);
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(refusal(() => verifier.verify(signToken(tokenPayload(), other), 'files:read'))).toEqual({
      status: 401,
      message: 'Invalid token',
    });
  });

  it('refuses a payload changed after signing (a wider root) (401)', () => {
    const token = signToken(tokenPayload({ root: '/home/hostdeck/a' }), keys.privateKey);
    const [, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify(tokenPayload({ root: '/' }))).toString('base64url');
    expect(refusal(() => verifier.verify(`${widened}.${signature}`, 'files:read'))?.status).toBe(401);
  });

  it('refuses an expired token and one living longer than the panel issues (401)', () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signToken(tokenPayload({ exp: now - 120 }), keys.privateKey);
    expect(refusal(() => verifier.verify(expired, 'files:read'))).toEqual({
      status: 401,
      message: 'The token has expired',
    });
    const forever = signToken(tokenPayload({ exp: now + 86_400 }), keys.privateKey);
    expect(refusal(() => verifier.verify(forever, 'files:read'))?.status).toBe(401);
  });

  it('refuses a relative or dotted root and an unknown operation (401)', () => {
    for (const payload of [
      tokenPayload({ root: 'home/hostdeck' }),
      tokenPayload({ root: '/home/hostdeck/../..' }),
      { ...tokenPayload(), ops: ['files:everything'] },
      { ...tokenPayload(), extra: true },
    ]) {
      expect(refusal(() => verifier.verify(signToken(payload, keys.privateKey), 'files:read'))?.status).toBe(
        401,
      );
    }
  });

  it('refuses a genuine token for another server or without the operation (403)', () => {
    const otherServer = signToken(tokenPayload({ server: TEST_SERVER_ID + 1 }), keys.privateKey);
    expect(refusal(() => verifier.verify(otherServer, 'files:read'))).toEqual({
      status: 403,
      message: 'This token is for another server',
    });
    const readOnly = signToken(tokenPayload({ ops: ['files:read'] }), keys.privateKey);
    expect(refusal(() => verifier.verify(readOnly, 'files:write'))?.status).toBe(403);
    expect(refusal(() => verifier.verify(readOnly, 'terminal'))?.status).toBe(403);
  });

  it('accepts a single-use terminal token once', () => {
    const now = Math.floor(Date.now() / 1000);
    const token = signToken(tokenPayload({ ops: ['terminal'], exp: now + 60 }), keys.privateKey);
    expect(verifier.verify(token, 'terminal').ops).toEqual(['terminal']);
    expect(refusal(() => verifier.verify(token, 'terminal'))).toEqual({
      status: 401,
      message: 'This token was already used',
    });
    // A file token is not single-use: the file manager makes many calls with it.
    const files = signToken(tokenPayload(), keys.privateKey);
    verifier.verify(files, 'files:read');
    expect(verifier.verify(files, 'files:read').jti).toBeTruthy();
  });

  it("accepts the agent's own key for download links only", () => {
    const parent = tokenPayload({ root: '/home/hostdeck/a', user: 'hostdeck' });
    const link = links.sign(parent, { path: '/home/hostdeck/a/photo.png' });
    const payload = verifier.verify(link, 'files:download');
    expect(payload).toMatchObject({
      ops: ['files:download'],
      path: '/home/hostdeck/a/photo.png',
      root: parent.root,
    });
    expect(() => links.sign(parent, { path: '/home/hostdeck/b/x' })).toThrow('outside the root');
    expect(() => links.sign(parent, { path: '/home/hostdeck/a/../b/x' })).toThrow('outside the root');
    // A file token signed with the link key is refused: only the panel grants file access.
    const forged = signToken(tokenPayload(), linkKeys.privateKey);
    expect(refusal(() => verifier.verify(forged, 'files:read'))?.status).toBe(401);
  });
});
