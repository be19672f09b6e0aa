import { describe, expect, it } from 'vitest';
import {
  AGENT_REVOKE_MAX_TOKENS,
  isOrigin,
  parseAgentConfig,
  parseAgentRevokeRequest,
  parseAgentTokenPayload,
  parseTerminalResize,
  type AgentTokenPayload,
} from './agent-protocol.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

const payload: AgentTokenPayload = {
  v: 1,
  server: 3,
  site: 9,
  root: '/home/shopuser/shop.example.com',
  user: 'shopuser',
  ops: ['files:read', 'files:write'],
  exp: 1_900_000_000,
  jti: 'abcdefghijklmnopqrstuv',
};

const PUBLIC_KEY = [
  '-----BEGIN PUBLIC KEY-----',
  'MCowBQYDK2VwAyEA5yIQMDYzuP7YNCcxEDrXLQQsisC7pRMeK7jtuQoCqv8=',
  '-----END PUBLIC KEY-----',
  '',
].join('\n');

describe('agent token payloads', () => {
  it('accepts what the panel signs', () => {
    expect(parseAgentTokenPayload(payload)).toEqual(payload);
    expect(parseAgentTokenPayload({ ...payload, site: null, root: '/', user: 'root' })).not.toBeNull();
    expect(
      parseAgentTokenPayload({ ...payload, ops: ['files:download'], path: '/home/a b/ảnh.png' }),
    ).not.toBeNull();
  });

  it.each([
    ['an unknown field', { ...payload, admin: true }],
    ['another version', { ...payload, v: 2 }],
    ['a relative root', { ...payload, root: 'home/shopuser' }],
    ['a root with ..', { ...payload, root: '/home/shopuser/..' }],
    ['a root with a trailing slash', { ...payload, root: '/home/shopuser/' }],
    ['a root with a newline', { ...payload, root: '/home/shop\nuser' }],
    ['an unknown operation', { ...payload, ops: ['files:read', 'shell'] }],
    ['no operation', { ...payload, ops: [] }],
    ['a short jti', { ...payload, jti: 'abc' }],
    ['a string server', { ...payload, server: '3' }],
    ['a fractional expiry', { ...payload, exp: 1.5 }],
    ['an array', [payload]],
  ])('refuses %s', (_label, value) => {
    expect(parseAgentTokenPayload(value)).toBeNull();
  });

  it.each(SHELL_INJECTION_PAYLOADS.map((value) => [value]))('refuses the user %j', (value) => {
    expect(parseAgentTokenPayload({ ...payload, user: value })).toBeNull();
  });
});

describe('agent configuration', () => {
  const config = {
    port: 2022,
    panelPublicKey: PUBLIC_KEY,
    serverId: 4,
    tls: null,
    allowedOrigins: ['https://panel.example.com', 'http://localhost:3000'],
    metricsIntervalSeconds: 60,
  };

  it('accepts a written configuration and reports every problem of a wrong one', () => {
    expect(parseAgentConfig(config)).toEqual({ config });
    expect(parseAgentConfig({ ...config, port: undefined })).toEqual({ config: { ...config, port: 2022 } });
    // An agent installed before monitoring (version 25) has no interval: one minute.
    expect(parseAgentConfig({ ...config, metricsIntervalSeconds: undefined })).toEqual({ config });
    expect('problems' in parseAgentConfig({ ...config, metricsIntervalSeconds: 0 })).toBe(true);
    const wrong = parseAgentConfig({ ...config, port: 0, serverId: -1, allowedOrigins: ['*'], extra: 1 });
    expect('problems' in wrong && wrong.problems).toHaveLength(4);
  });

  it('takes exact origins only', () => {
    for (const origin of config.allowedOrigins) expect(isOrigin(origin)).toBe(true);
    for (const origin of [
      'https://panel.example.com/',
      'https://panel.example.com/path',
      'ftp://panel.example.com',
      'https://user@panel.example.com',
      'https://panel.example.com;id',
      'null',
      // Appended to a host name: all but the ones that only add host name characters (`a.com-rf`).
      ...SHELL_INJECTION_PAYLOADS.filter((value) => /[^A-Za-z0-9.-]/.test(value)).map(
        (value) => `https://a.com${value}`,
      ),
      ...SHELL_INJECTION_PAYLOADS,
    ]) {
      expect(isOrigin(origin), origin).toBe(false);
    }
  });
});

describe('terminal resize messages', () => {
  it('reads resize|cols|rows only', () => {
    expect(parseTerminalResize('resize|120|40')).toEqual({ cols: 120, rows: 40 });
    for (const text of ['resize|0|40', 'resize|120', 'resize|-1|4', 'resize|1|2|3', 'ls\r', 'resize|99999|1'])
      expect(parseTerminalResize(text)).toBeNull();
  });
});

describe('revoke requests', () => {
  it('reads a list of jti and exp, and nothing else', () => {
    const token = { jti: payload.jti, exp: payload.exp };
    expect(parseAgentRevokeRequest({ tokens: [token] })).toEqual({ tokens: [token] });
    for (const body of [
      null,
      [],
      { tokens: [] },
      { tokens: [token], extra: 1 },
      { tokens: [{ ...token, user: 'root' }] },
      { tokens: [{ jti: 'short', exp: payload.exp }] },
      { tokens: [{ jti: payload.jti, exp: -1 }] },
      { tokens: [{ jti: payload.jti, exp: '1900000000' }] },
      { tokens: Array.from({ length: AGENT_REVOKE_MAX_TOKENS + 1 }, () => token) },
    ])
      expect(parseAgentRevokeRequest(body)).toBeNull();
  });
});
