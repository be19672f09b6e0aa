import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentScene, useDeploymentApp } from '@hostdeck/api/deployments/testing/deployments.js';

const run = promisify(execFile);
const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/hostdeck.js');
/** The panel the CLI talks to: this test's own port (HOSTDECK_CLI_TEST_PORT, or 29529). */
const PORT = Number(process.env.HOSTDECK_CLI_TEST_PORT ?? 29529);
const URL = `http://127.0.0.1:${PORT}`;

/**
 * The built CLI (packages/cli/dist/hostdeck.js, built here) against a running panel on PGlite whose
 * job workers run events on the recording fake server: login, lists, a site, a command followed
 * live, deploy refusals, and the errors' exit codes.
 */
describe('hostdeck CLI', () => {
  const { testApp } = useDeploymentApp();
  const home = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-cli-'));

  beforeAll(async () => {
    await run(process.execPath, [path.join(path.dirname(CLI), '../scripts/build.mjs')]);
    await testApp().app.listen({ port: PORT, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await testApp().app.close();
  });

  async function cli(args: string[], env: Record<string, string> = {}) {
    return run(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: home, ...env },
    }).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({
        code: failed.code,
        stdout: failed.stdout,
        stderr: failed.stderr,
      }),
    );
  }

  async function tokenOf(
    who: { api: { post: (url: string, body: unknown) => Promise<{ json(): unknown }> } },
    scopes: string[],
  ) {
    const made = (await who.api.post('/api/user/api-tokens', { name: 'cli', scopes })).json() as {
      data: { token: string };
    };
    return made.data.token;
  }

  it('logs in (config 0600), lists servers and sites, creates a site, runs a command live', async () => {
    const { olga, server, site } = await deploymentScene(testApp());
    const token = await tokenOf(olga, ['read', 'write']);
    const login = await cli(['login', '--url', URL, '--token', token]);
    expect(login.code, login.stderr).toBe(0);
    const file = path.join(home, 'hostdeck/config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: URL, token });

    const servers = await cli(['servers', '--json']);
    expect(servers.code, servers.stderr).toBe(0);
    expect(JSON.parse(servers.stdout).map((row: { id: number }) => row.id)).toEqual([server.id]);
    const human = await cli(['servers']);
    expect(human.stdout).toMatch(/^id\s+name\s+ip\s+status/);
    expect(human.stdout).toContain('shop-web');

    const list = await cli(['sites', '--server', String(server.id), '--json']);
    expect(JSON.parse(list.stdout).map((row: { name: string }) => row.name)).toContain('shop.example.com');

    const invalid = await cli(['sites', 'create', '--server', String(server.id), '--name', 'not a domain']);
    expect(invalid.code).toBe(7);
    expect(invalid.stderr).toContain('name:');

    const command = await cli(['run', String(site.id), '--', 'echo', 'hello']);
    expect(command.code, command.stderr).toBe(0);
    expect(command.stderr).toMatch(/Event \d+: FINISHED/);
    const followed = await cli(['run', String(site.id), '--json', '--', 'echo', 'again']);
    const result = JSON.parse(followed.stdout) as { event: number; status: string };
    expect(result.status).toBe('FINISHED');
    const tailed = await cli(['events', 'tail', String(result.event), '--json']);
    expect(JSON.parse(tailed.stdout)).toMatchObject({ event: result.event, status: 'FINISHED' });
  });

  it('answers clear errors with their exit codes: 401, 403 scope, 404, network, usage', async () => {
    const { olga, mallory, site } = await deploymentScene(testApp());
    const env = (token: string) => ({ HOSTDECK_URL: URL, HOSTDECK_TOKEN: token });
    const read = await tokenOf(olga, ['read']);
    const scope = await cli(['run', String(site.id), '--', 'id'], env(read));
    expect(scope.code).toBe(4);
    expect(scope.stderr).toContain('This token does not have the scope this call needs.');
    const stranger = await tokenOf(mallory, ['read']);
    const notFound = await cli(['sites', '--server', String(site.serverId)], env(stranger));
    expect(notFound.code).toBe(5);
    const unknown = await cli(['servers'], env(`hd_${'A'.repeat(43)}`));
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('hostdeck login');
    const refusedLogin = await cli(['login', '--url', URL, '--token', `hd_${'B'.repeat(43)}`], {
      XDG_CONFIG_HOME: mkdtempSync(path.join(os.tmpdir(), 'hostdeck-cli-')),
    });
    expect(refusedLogin.code).toBe(3);
    const offline = await cli(['servers', '--json'], {
      HOSTDECK_URL: 'http://127.0.0.1:9',
      HOSTDECK_TOKEN: read,
    });
    expect(offline.code).toBe(6);
    expect(JSON.parse(offline.stdout)).toMatchObject({ code: 6 });
    expect((await cli(['deploy'], env(read))).code).toBe(2);
    expect((await cli(['frobnicate'], env(read))).code).toBe(2);
    // A deploy token deploys but does not read: the site has no repository, so the panel says why.
    const deployer = await tokenOf(olga, ['deploy']);
    const deploy = await cli(['deploy', String(site.id)], env(deployer));
    expect(deploy.code, deploy.stderr).toBe(7);
  });
});
