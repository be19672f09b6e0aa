import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, startedEventResponseSchema } from '@hostdeck/contracts';
import { balancingActionResponseSchema, type BalancingEvents } from '@hostdeck/contracts/balancing';
import {
  linkTestServers,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { createServerRecord } from '../testing/fixtures.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Load balancing on three booted Debian 12 test servers (`web` image): the same site on two
 * backends, each serving its own marker, and the third as the balancer, linked to both by a direct
 * cable. Through the API and the job workers: requests through the balancer alternate between the
 * markers; a drained node gets nothing; a backend refuses a request that does not come from the
 * balancer (403) but answers the balancer; the ACME challenges stay on the balancer; disable makes
 * the balancer serve its own site again and the backends answer everyone.
 */
const [pglite] = await availableTestDatabases();
const BALANCER = 'lbxa';
const FIRST = 'lbxb';
const SECOND = 'lbxc';
const DOMAIN = 'lb.example.test';
const HOME = `/home/hostdeck/${DOMAIN}`;

/** GET http://ADDRESS/PATH with `Host: DOMAIN` from the host (not from any test server). */
function get(address: string, path = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      // A new connection per request, as a first visit: a kept-alive one can be closed by an nginx
      // reload just as the next request is sent, which a browser retries and this client would not.
      { host: address, port: 80, path, headers: { host: DOMAIN }, timeout: 10_000, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: body.trim() }));
      },
    );
    call.on('timeout', () => call.destroy(new Error(`GET ${address}${path} timed out`)));
    call.on('error', reject);
    call.end();
  });
}

describe('load balancing on three booted test servers', () => {
  let balancer: TestServer;
  let first: TestServer;
  let second: TestServer;
  let test: TestApp;
  let api: ApiClient;
  const ids: Record<string, number> = {};
  let siteId: number;

  beforeAll(async () => {
    [balancer, first, second] = await Promise.all([
      bootWebTestServer(BALANCER),
      bootWebTestServer(FIRST),
      bootWebTestServer(SECOND),
    ]);
    await linkTestServers(BALANCER, FIRST);
    await linkTestServers(BALANCER, SECOND);
    const connected = await createConnectedTestApp(pglite!, balancer, { workers: true });
    ({ test, api } = connected);
    ids[BALANCER] = connected.serverId;
    for (const [name, server] of [
      [FIRST, first],
      [SECOND, second],
    ] as const) {
      const record = await createServerRecord(test.database.db, test.panel.secretBox, {
        userId: connected.user.id,
        ip: server.address,
        port: server.port,
        password: server.password,
        name,
      });
      ids[name] = record.id;
    }
    // As provisioning leaves them (the web image has the same stack), host keys recorded.
    for (const [name, server] of [
      [BALANCER, balancer],
      [FIRST, first],
      [SECOND, second],
    ] as const) {
      await markProvisioned(test, server, ids[name]!);
    }
  }, 1_200_000);

  afterAll(async () => {
    await test?.close();
    await Promise.all([stopTestServer(BALANCER), stopTestServer(FIRST), stopTestServer(SECOND)]);
  });

  const on = async (server: TestServer, script: string) => runOnTestServer(server, ['bash', '-c', script]);

  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what: `event ${id} to finish` },
    );

  /** Every event of an action FINISHED. */
  const settle = async (started: BalancingEvents) => {
    for (const { id } of started) {
      const row = await waitForEvent(id);
      expect(row.status, `${row.type}: ${row.output ?? ''}`).toBe('FINISHED');
    }
  };

  const markers = async (count: number) => {
    const seen: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const answer = await get(balancer.address);
      expect(answer.status, answer.body).toBe(200);
      seen.push(answer.body);
    }
    return seen;
  };

  it('creates the same site on all three servers, each with its own marker', async () => {
    for (const [name, server, marker] of [
      [BALANCER, balancer, 'balancer-own'],
      [FIRST, first, 'node-b'],
      [SECOND, second, 'node-c'],
    ] as const) {
      const response = await api.post('/api/sites', { name: DOMAIN, server_id: ids[name] });
      expect(response.statusCode, response.body).toBe(201);
      const created = createSiteResponseSchema.parse(response.json());
      const event = await waitForEvent(created.event_id);
      expect(event.status, event.output ?? '').toBe('FINISHED');
      if (name === BALANCER) siteId = created.id;
      const written = await on(
        server,
        `printf '%s\\n' '${marker}' > ${HOME}/index.html && chown hostdeck:hostdeck ${HOME}/index.html`,
      );
      expect(written.code, written.stderr).toBe(0);
      expect(await get(server.address)).toEqual({ status: 200, body: marker });
    }
    // A location on each backend that echoes the forwarding headers it received.
    for (const server of [first, second]) {
      const echo = await on(
        server,
        `printf '%s\\n' 'location = /forwarded { default_type text/plain; return 200 "$http_x_forwarded_for|$http_x_forwarded_proto|$http_x_forwarded_host\\n"; }' > /etc/nginx/hostdeck/${DOMAIN}/echo.conf && nginx -t -q && systemctl reload nginx`,
      );
      expect(echo.code, echo.stderr).toBe(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  it('balances round robin over both backends, which answer the balancer only', async () => {
    const base = `/api/sites/${siteId}/balancing`;
    const stored = await api.post(`${base}/store`, {
      nodes: [{ server_id: ids[FIRST] }, { server_id: ids[SECOND] }],
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const enabled = await api.post(`${base}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    await settle(balancingActionResponseSchema.parse(enabled.json()).data.events);

    const seen = await markers(8);
    expect(new Set(seen)).toEqual(new Set(['node-b', 'node-c']));
    for (let index = 1; index < seen.length; index += 1) expect(seen[index]).not.toBe(seen[index - 1]);

    // The backends received the forwarding headers.
    const forwarded = await get(balancer.address, '/forwarded');
    expect(forwarded.status).toBe(200);
    const [forwardedFor, proto, host] = forwarded.body.split('|');
    expect(forwardedFor).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(proto).toBe('http');
    expect(host).toBe(DOMAIN);

    // A backend refuses whoever is not the balancer, and answers the balancer.
    expect((await get(first.address)).status).toBe(403);
    expect((await get(second.address)).status).toBe(403);
    const fromBalancer = await on(
      balancer,
      `curl -s -H 'Host: ${DOMAIN}' http://${first.address}/ ; curl -s -o /dev/null -w '%{http_code}' -H 'Host: ${DOMAIN}' http://${second.address}/`,
    );
    expect(fromBalancer.stdout.trim()).toBe('node-b\n200');

    // The ACME challenges are answered by the balancer itself.
    await on(
      balancer,
      "mkdir -p /var/lib/hostdeck/acme/.well-known/acme-challenge && printf 'token-ok' > /var/lib/hostdeck/acme/.well-known/acme-challenge/probe",
    );
    expect(await get(balancer.address, '/.well-known/acme-challenge/probe')).toEqual({
      status: 200,
      body: 'token-ok',
    });
    // The panel's files: an upstream in conf.d and an include of the site, neither on the Configs page.
    const upstream = await on(balancer, `cat /etc/nginx/conf.d/hostdeck-balancer-${DOMAIN}.conf`);
    expect(upstream.stdout).toContain(`server ${first.address}:80 weight=1 max_fails=3 fail_timeout=10s;`);
  });

  it('sends nothing to a drained node, least connections and weights applied', async () => {
    const base = `/api/sites/${siteId}/balancing`;
    const drained = await api.post(`${base}/store`, {
      method: 'least_conn',
      nodes: [
        { server_id: ids[FIRST], weight: 2 },
        { server_id: ids[SECOND], down: true },
      ],
    });
    expect(drained.statusCode, drained.body).toBe(200);
    await settle(balancingActionResponseSchema.parse(drained.json()).data.events);
    expect(new Set(await markers(6))).toEqual(new Set(['node-b']));
    const upstream = await on(balancer, `cat /etc/nginx/conf.d/hostdeck-balancer-${DOMAIN}.conf`);
    expect(upstream.stdout).toContain('least_conn;');
    expect(upstream.stdout).toContain(
      `server ${second.address}:80 weight=1 max_fails=3 fail_timeout=10s down;`,
    );
  });

  it('keeps the previous configuration when nginx refuses the new one', async () => {
    // A hand-made upstream of the same name makes nginx -t fail: the balancer must stay as it was.
    await on(
      balancer,
      `printf 'upstream hostdeck-lb-${DOMAIN} { server 127.0.0.1:9; }\\n' > /etc/nginx/conf.d/zz-conflict.conf`,
    );
    try {
      const refused = await api.post(`/api/sites/${siteId}/balancing/store`, {
        nodes: [{ server_id: ids[FIRST] }, { server_id: ids[SECOND] }],
      });
      expect(refused.statusCode, refused.body).toBe(200);
      const started = balancingActionResponseSchema.parse(refused.json()).data.events;
      const last = await waitForEvent(started.at(-1)!.id);
      expect(last.status).toBe('ERROR');
      expect(last.output).toContain('duplicate upstream');
    } finally {
      await on(balancer, 'rm -f /etc/nginx/conf.d/zz-conflict.conf');
    }
    const upstream = await on(balancer, `cat /etc/nginx/conf.d/hostdeck-balancer-${DOMAIN}.conf`);
    expect(upstream.stdout).toContain('least_conn;');
    expect(new Set(await markers(4))).toEqual(new Set(['node-b']));
  });

  it('a rolling deploy takes each node out, deploys it and puts it back: the site answers 200 throughout', async () => {
    const base = `/api/sites/${siteId}/balancing`;
    const both = await api.post(`${base}/store`, {
      nodes: [{ server_id: ids[FIRST] }, { server_id: ids[SECOND] }],
    });
    expect(both.statusCode, both.body).toBe(200);
    await settle(balancingActionResponseSchema.parse(both.json()).data.events);
    // The balancer site's deployment settings are the nodes' too. Each node clones from a
    // repository on itself (git@127.0.0.1), the same release on both.
    for (const server of [first, second]) {
      const made = await on(
        server,
        `set -e
         id -u git >/dev/null 2>&1 || useradd -m -s /bin/bash git
         install -d -o git -g git -m 700 /home/git/.ssh
         install -o git -g git -m 600 /dev/null /home/git/.ssh/authorized_keys
         runuser -u git -- bash -c 'set -e; rm -rf ~/app.git ~/work; git init -q --bare -b main ~/app.git; git clone -q ~/app.git ~/work 2>/dev/null
           cd ~/work; printf "release v1\\n" > index.html; git add index.html
           git -c user.name=Test -c user.email=test@example.test commit -q -m v1; git push -q origin HEAD:main'`,
      );
      expect(made.code, made.stderr).toBe(0);
    }
    const repository = await api.put(`/api/sites/${siteId}/repository`, {
      repository: 'git@127.0.0.1:app.git',
      branch: 'main',
    });
    expect(repository.statusCode, repository.body).toBe(200);
    const key = await api.post(`/api/sites/${siteId}/deploys/key`);
    expect(key.statusCode, key.body).toBe(200);
    const publicKey = key.json<{ data: { public_key: string } }>().data.public_key;
    for (const server of [first, second]) {
      const added = await runOnTestServer(server, [
        'bash',
        '-c',
        'printf "%s\\n" "$1" >> /home/git/.ssh/authorized_keys',
        'add-key',
        publicKey,
      ]);
      expect(added.code, added.stderr).toBe(0);
    }

    // Visitors the whole time: every answer through the balancer must be a 200.
    let polling = true;
    const answers: number[] = [];
    const visitors = (async () => {
      while (polling) {
        answers.push((await get(balancer.address).catch(() => ({ status: 0 }))).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = await api.post(`${base}/deploy`);
    expect(started.statusCode, started.body).toBe(201);
    const event = await waitForEvent(startedEventResponseSchema.parse(started.json()).data.id).finally(() => {
      polling = false;
    });
    await visitors;
    expect(event.status, event.output ?? '').toBe('FINISHED');
    expect(event.output).toContain(`Take ${FIRST} out of the balancer`);
    expect(event.output).toContain(`Put ${SECOND} back into the balancer`);
    console.log(
      `rolling deploy: ${answers.length} requests through the balancer while it ran, all answered 200`,
    );
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(new Set(await markers(4))).toEqual(new Set(['release v1']));
    // Both nodes are back in, as the user left them.
    const upstream = await on(balancer, `cat /etc/nginx/conf.d/hostdeck-balancer-${DOMAIN}.conf`);
    expect(upstream.stdout).not.toContain('down;');
    for (const server of [first, second]) {
      expect((await on(server, `readlink ${HOME}/current`)).stdout).toMatch(/^releases\/\d{14}/);
    }
  });

  it('disable: the balancer serves its own site again and the backends answer everyone', async () => {
    const disabled = await api.post(`/api/sites/${siteId}/balancing/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    await settle(balancingActionResponseSchema.parse(disabled.json()).data.events);
    expect(await get(balancer.address)).toEqual({ status: 200, body: 'balancer-own' });
    expect(await get(first.address)).toEqual({ status: 200, body: 'release v1' });
    expect(await get(second.address)).toEqual({ status: 200, body: 'release v1' });
    const left = await on(
      balancer,
      `ls /etc/nginx/conf.d/hostdeck-balancer-${DOMAIN}.conf /etc/nginx/hostdeck/${DOMAIN}/_hostdeck-balancer.conf 2>&1`,
    );
    expect(left.code).not.toBe(0);
  });
});
