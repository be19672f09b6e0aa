import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import {
  openlitespeedAdminPassword,
  openlitespeedInventory,
  openlitespeedPhpIniRead,
  openlitespeedPhpIniWrite,
  openlitespeedRestart,
  parseOlsPhpIni,
  parseOpenlitespeedInventory,
} from './index.js';

/**
 * The OpenLiteSpeed recipes on a real server with OpenLiteSpeed. It is not in Debian's packages
 * (LiteSpeed's repository, tested on Ubuntu), and the test servers here are Debian 12: this file
 * runs where `lswsctrl` exists, on the machine that runs it (HOSTDECK_OLS_TEST_SERVER names an
 * existing test server with OpenLiteSpeed installed, or the local /usr/local/lsws marks an
 * Ubuntu host with the LiteSpeed repository), and is skipped otherwise, saying why.
 */
const OLS_SERVER = process.env.HOSTDECK_OLS_TEST_SERVER;
const HAS_LSWS = OLS_SERVER !== undefined || existsSync('/usr/local/lsws/bin/lswsctrl');
const SKIP_REASON = 'needs Ubuntu with the LiteSpeed repository (lswsctrl is not on this Debian host)';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe.skipIf(!HAS_LSWS)(`OpenLiteSpeed recipes${HAS_LSWS ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  let server: TestServer;
  let session: RemoteSession;

  async function shell(script: string): Promise<string> {
    const result = await runOnTestServer(server, ['bash', '-c', script]);
    if (result.code !== 0) throw new Error(`${script}\nfailed (${result.code}): ${result.stderr}`);
    return result.stdout;
  }

  beforeAll(async () => {
    server = await bootWebTestServer(OLS_SERVER ?? 'ols2');
    session = await connectToTestServer(server);
  }, 20 * 60_000);
  afterAll(async () => {
    await session?.close();
    if (server && !OLS_SERVER) await stopTestServer(server.name);
  });

  it('reads the installation', async () => {
    const run = await runRecipeOnSession(session, openlitespeedInventory, {});
    expect(run.exitCode, run.output).toBe(0);
    const inventory = parseOpenlitespeedInventory(run.stdout);
    expect(inventory.installed).toBe(true);
    expect(inventory.version).toMatch(/^\d+\.\d+/);
    expect(inventory.php.length).toBeGreaterThan(0);
  });

  it('writes a php.ini, refuses a broken one with PHP’s message and keeps the old file', async () => {
    const { php } = parseOpenlitespeedInventory(
      (await runRecipeOnSession(session, openlitespeedInventory, {})).stdout,
    );
    const version = php[0]!.version;
    const before = parseOlsPhpIni(
      (await runRecipeOnSession(session, openlitespeedPhpIniRead, { version })).stdout,
    );
    const edited = `${before.content}\n; hostdeck test\nmemory_limit = 321M\n`;
    const write = await runRecipeOnSession(session, openlitespeedPhpIniWrite, {
      version,
      content_hex: hex(edited),
    });
    expect(write.exitCode, write.output).toBe(0);
    expect(write.output).toMatch(/restarted OpenLiteSpeed gracefully/);
    const bin = `/usr/local/lsws/lsphp${version.replace('.', '')}/bin/php`;
    expect(await shell(`${bin} -c ${before.path} -r 'echo ini_get("memory_limit");'`)).toBe('321M');
    // The same content again changes nothing.
    const again = await runRecipeOnSession(session, openlitespeedPhpIniWrite, {
      version,
      content_hex: hex(edited),
    });
    expect(again.output).not.toMatch(/::hostdeck::change::/);

    const broken = await runRecipeOnSession(session, openlitespeedPhpIniWrite, {
      version,
      content_hex: hex('[PHP\nmemory_limit = = =\n'),
    });
    expect(broken.exitCode).not.toBe(0);
    expect(broken.output).toMatch(/refused the php\.ini/);
    expect(
      parseOlsPhpIni((await runRecipeOnSession(session, openlitespeedPhpIniRead, { version })).stdout)
        .content,
    ).toBe(edited);
    // Back as it was.
    expect(
      (
        await runRecipeOnSession(session, openlitespeedPhpIniWrite, {
          version,
          content_hex: hex(before.content),
        })
      ).exitCode,
    ).toBe(0);
  }, 180_000);

  it('sets the WebAdmin password from stdin; WebAdmin accepts it', async () => {
    const password = `Hd-${Date.now()}-pass`;
    const run = await runRecipeOnSession(session, openlitespeedAdminPassword, {
      username: 'admin',
      password_hex: hex(password),
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(await shell('grep -c "^admin:" /usr/local/lsws/admin/conf/htpasswd')).toBe('1\n');
    // The password never was an argument of a process: the hash is OLS's own (htpasswd.php).
    expect(await shell('stat -c %a /usr/local/lsws/admin/conf/htpasswd')).toBe('600\n');
  }, 60_000);

  it('restarts gracefully and runs afterwards', async () => {
    const run = await runRecipeOnSession(session, openlitespeedRestart, {});
    expect(run.exitCode, run.output).toBe(0);
    expect(await shell('/usr/local/lsws/bin/lswsctrl status')).toMatch(/is running/);
  }, 120_000);
});
