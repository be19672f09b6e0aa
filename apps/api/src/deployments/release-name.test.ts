import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { classifyHookCall, isAuthenticHookCall } from './deploy-hook.js';
import { commitFromOutput, formatRelease, nextRelease } from './release-name.js';

describe('release names', () => {
  const now = new Date('2024-03-05T07:08:09.999Z');

  it('are the UTC time, YYYYMMDDHHmmss', () => {
    expect(formatRelease(now)).toBe('20240305070809');
  });

  it('never reuse an existing release, even in the same second or after the clock went back', () => {
    expect(nextRelease(now, undefined)).toBe('20240305070809');
    expect(nextRelease(now, '20240305070808')).toBe('20240305070809');
    expect(nextRelease(now, '20240305070809')).toBe('20240305070810');
    expect(nextRelease(now, '20241231235959')).toBe('20250101000000');
  });

  it('read the last commit a step printed', () => {
    const output = 'x\n::hostdeck::info::commit=abc1234\n::hostdeck::info::commit=0123456789abcdef\r\nend';
    expect(commitFromOutput(output)).toBe('0123456789abcdef');
    expect(commitFromOutput('::hostdeck::info::commit=$(id)\n')).toBeNull();
  });
});

describe('deploy URL calls', () => {
  const token = 'T0ken_value-1234567890abcdefghijklmnopqrstu';
  const call = (values: Partial<Parameters<typeof isAuthenticHookCall>[0]>) => ({
    queryToken: undefined,
    signature: undefined,
    rawBody: Buffer.alloc(0),
    headers: {},
    ...values,
  });

  it('are authentic with the exact token or a signature of the exact body', () => {
    const body = Buffer.from('{"ref":"refs/heads/main"}');
    const signature = `sha256=${createHmac('sha256', token).update(body).digest('hex')}`;
    expect(isAuthenticHookCall(call({ queryToken: token }), token)).toBe(true);
    expect(isAuthenticHookCall(call({ signature, rawBody: body }), token)).toBe(true);
    expect(isAuthenticHookCall(call({}), token)).toBe(false);
    expect(isAuthenticHookCall(call({ queryToken: `${token}x` }), token)).toBe(false);
    expect(isAuthenticHookCall(call({ queryToken: token.slice(1) }), token)).toBe(false);
    expect(isAuthenticHookCall(call({ signature, rawBody: Buffer.from(`${body} `) }), token)).toBe(false);
    expect(isAuthenticHookCall(call({ signature: 'sha256=00', rawBody: body }), token)).toBe(false);
  });

  it('tell a direct call from a push and a ping', () => {
    expect(classifyHookCall(call({}))).toEqual({ kind: 'direct' });
    expect(classifyHookCall(call({ headers: { 'x-github-event': 'ping' } }))).toEqual({ kind: 'ping' });
    const push = Buffer.from(JSON.stringify({ ref: 'refs/heads/release/2' }));
    expect(classifyHookCall(call({ rawBody: push, headers: { 'x-github-event': 'push' } }))).toEqual({
      kind: 'push',
      branch: 'release/2',
    });
    const form = Buffer.from(`payload=${encodeURIComponent(JSON.stringify({ ref: 'refs/heads/main' }))}`);
    expect(
      classifyHookCall(
        call({ rawBody: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      ),
    ).toEqual({ kind: 'push', branch: 'main' });
    expect(classifyHookCall(call({ rawBody: Buffer.from('{"ref":"refs/tags/v1"}') }))).toEqual({
      kind: 'push',
      branch: null,
    });
    const bitbucket = Buffer.from(
      JSON.stringify({ push: { changes: [{ new: { type: 'branch', name: 'main' } }] } }),
    );
    expect(classifyHookCall(call({ rawBody: bitbucket, headers: { 'x-event-key': 'repo:push' } }))).toEqual({
      kind: 'push',
      branch: 'main',
    });
  });
});
