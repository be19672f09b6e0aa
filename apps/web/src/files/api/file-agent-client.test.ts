import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileAgentError } from './agent-error';
import { chooseEndpoint, websocketUrl } from './endpoint';
import { FileAgentClient } from './file-agent-client';

// The panel client pulls in i18n (a browser module); the import call is checked through this stand-in.
const panelCalls = vi.hoisted(() => [] as unknown[][]);
vi.mock('../../api/client', () => ({
  apiRequest: async (...args: unknown[]) => {
    panelCalls.push(args);
    // The import route's 201 answer: the event it started.
    return {
      data: {
        id: 1,
        type: 'import_database',
        server_id: 4,
        site_id: null,
        model_id: 9,
        model_type: 'database',
        is_finished: false,
        description: 'Import the database shop',
        status: 'PENDING',
        output: '',
        output_truncated: false,
        error_reason: null,
        current_step: null,
        created_at: '2025-01-01T00:00:00.000Z',
        created_at_display: '2025-01-01 00:00:00',
        user_name: null,
        user_avatar: null,
        color: 'default',
      },
    };
  },
}));

const endpoints = { public: 'http://203.0.113.5:7733', private: 'https://panel.test/api/servers/4/agent' };

function stubFetch(status = 200, body: unknown = { message: 'Done' }) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('endpoint choice', () => {
  it('uses the public endpoint only when it is https', () => {
    expect(chooseEndpoint(endpoints)).toEqual({ base: endpoints.private, isPublic: false });
    expect(chooseEndpoint({ ...endpoints, public: 'https://agent.test:7733/' })).toEqual({
      base: 'https://agent.test:7733',
      isPublic: true,
    });
  });
  it('builds the progress websocket URL with the token in the query', () => {
    expect(
      websocketUrl('https://agent.test:7733', '/files/remote-download/ws', { token: 't', root: '/' }),
    ).toBe('wss://agent.test:7733/files/remote-download/ws?token=t&root=%2F');
  });
});

describe('FileAgentClient', () => {
  it('sends the token header and the root on every call', async () => {
    const calls = stubFetch(200, { dirs: [], files: [] });
    const client = new FileAgentClient({ endpoints, token: 'tok', root: '/home/u' });
    await client.list('/home/u/www');
    const [call] = calls;
    expect(call?.url).toBe('https://panel.test/api/servers/4/agent/files/list');
    expect(new Headers(call?.init.headers).get('X-HostDeck')).toBe('tok');
    expect(JSON.parse(String(call?.init.body))).toEqual({ path: '/home/u/www', root: '/home/u' });
  });

  it('sends one path to agents before version 22 and the whole list from 22 on', async () => {
    const calls = stubFetch();
    const request = { paths: ['/a', '/b', '/c'], type: 'zip' as const, level: 3, junk: true, name: 'a.zip' };
    for (const agentVersion of [21, 22, 23, null])
      await new FileAgentClient({ endpoints, token: 't', agentVersion }).compress(request);
    const sent = calls.map((call) => (JSON.parse(String(call.init.body)) as { path: unknown }).path);
    expect(sent).toEqual(['/a', ['/a', '/b', '/c'], ['/a', '/b', '/c'], ['/a', '/b', '/c']]);
  });

  it('moves one item per call', async () => {
    const calls = stubFetch();
    await new FileAgentClient({ endpoints, token: 't' }).move(['/a', '/b'], '/dest');
    expect(calls.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { path: '/a', root: '/', destination: '/dest' },
      { path: '/b', root: '/', destination: '/dest' },
    ]);
  });

  it('reports a 204 view as too large and passes limit and path in the query', async () => {
    const calls = stubFetch(204);
    const result = await new FileAgentClient({ endpoints, token: 't' }).view('/var/log/syslog', {
      limit: 100,
    });
    expect(result).toEqual({ kind: 'too-large' });
    expect(calls[0]?.url).toBe(
      `${endpoints.private}/files/view?path=%2Fvar%2Flog%2Fsyslog&root=%2F&limit=100`,
    );
  });

  it('turns agent errors into field errors, and an expired token is not a panel 401', async () => {
    stubFetch(422, { message: 'Invalid Chmod', errors: { mode: 'Invalid Chmod' } });
    const failure = await new FileAgentClient({ endpoints, token: 't' })
      .chmod(['/a'], '999')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FileAgentError);
    expect((failure as FileAgentError).errors).toEqual({ mode: ['Invalid Chmod'] });
    stubFetch(401, { message: 'Token expired' });
    const expired = await new FileAgentClient({ endpoints, token: 't' }).list('/').catch((e: unknown) => e);
    expect((expired as FileAgentError).status).toBe(403);
    expect((expired as FileAgentError).tokenExpired).toBe(true);
  });

  it('asks the https agent for a single-use download link', async () => {
    const calls = stubFetch(200, { token: 'link-token' });
    const client = new FileAgentClient({
      endpoints: { ...endpoints, public: 'https://agent.test:7733' },
      token: 't',
    });
    const link = await client.fileUrl('download', '/etc/hosts');
    expect(calls[0]?.url).toBe('https://agent.test:7733/link');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ path: '/etc/hosts', purpose: 'download' });
    expect(link).toEqual({
      url: 'https://agent.test:7733/files/download?path=%2Fetc%2Fhosts&root=%2F&token=link-token',
      saveAs: false,
    });
  });

  it("asks the panel's proxy for the link when the agent has no https, the browser streaming it", async () => {
    const calls = stubFetch(200, { token: 'link-token' });
    const client = new FileAgentClient({ endpoints, token: 't', root: '/home/shop' });
    const link = await client.fileUrl('view', '/home/shop/a b.mp4');
    expect(calls.map((call) => call.url)).toEqual(['https://panel.test/api/servers/4/agent/link']);
    expect(new Headers(calls[0]!.init.headers).get('X-HostDeck')).toBe('t');
    // A view link: the agent accepts it again for each Range request of the <video> while it lives.
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ path: '/home/shop/a b.mp4', purpose: 'view' });
    // A plain URL (no object URL): an anchor or a media element fetches it.
    expect(link).toEqual({
      url: 'https://panel.test/api/servers/4/agent/files/view?path=%2Fhome%2Fshop%2Fa+b.mp4&root=%2Fhome%2Fshop&token=link-token',
      saveAs: false,
    });
  });

  it('imports a database through the panel route', async () => {
    await new FileAgentClient({ endpoints, token: 't' }).importDatabase(4, 9, '/root/dump.sql');
    expect(panelCalls).toEqual([
      ['POST', '/api/servers/4/databases/9/import', { path: '/root/dump.sql', remove: false }],
    ]);
  });

  it('shows the agent message in Vietnamese when the page is in Vietnamese', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'vi' } });
    stubFetch(422, { message: 'Invalid Chmod', errors: { mode: 'Invalid Chmod' } });
    const failure = await new FileAgentClient({ endpoints, token: 't' })
      .chmod(['/a'], '9')
      .catch((e: unknown) => e);
    expect((failure as FileAgentError).message).toBe('Quyền Chmod không hợp lệ');
    expect((failure as FileAgentError).errors).toEqual({ mode: ['Quyền Chmod không hợp lệ'] });
  });
});
