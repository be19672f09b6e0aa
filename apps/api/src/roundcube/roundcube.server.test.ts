import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleStepScript, parseStepLogLine } from '@hostdeck/recipes';
import { applicationEnvironment } from '@hostdeck/recipes/applications';
import { mailserverAccountCreate, mailserverDomainAdd } from '@hostdeck/recipes/mailserver';
import { roundcubeInstall } from '@hostdeck/recipes/roundcube';
import { toPasswordHex } from '@hostdeck/recipes/sites';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  type RecipeRun,
  type RemoteSession,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';

/**
 * Roundcube on a real Debian 12 server: installed from Debian's packages (through the host's apt
 * cache), served by an isolated PHP site at /roundcube/, and signed in to with a mail account over
 * IMAP on localhost; the inbox lists a message of the account's Maildir. The mail server is the
 * panel's own (installed from Applications, the domain and account made by its recipes).
 */
const SERVER = 'rca1';
let server: TestServer;
let session: RemoteSession;

const SITE = 'rca.test';
const site = {
  site: SITE,
  aliases: [] as string[],
  wildcard: false,
  linux_user: 'rcatest',
  isolated: true,
  directory: '/',
  php_version: '8.2',
  proxy_port: null,
  web_server: 'nginx',
  enabled: true,
  releases: false,
  bindings: [] as string[],
  lockdown: false,
  password_hex: toPasswordHex('Isolated-user password 1'),
};
const install = { site: SITE, web_server: 'nginx', php_version: '8.2' };
const ACCOUNT = 'alice@rca.test';
const PASSWORD = 'Mail password 1';
const SUBJECT = 'Hello from rca1';

beforeAll(async () => {
  server = await bootWebTestServer(SERVER);
  session = await connectToTestServer(server);
});
afterAll(async () => {
  await session?.close();
  await stopTestServer(SERVER);
});

function changesOf(result: RecipeRun): string[] {
  return result.stdout.split('\n').flatMap((line) => {
    const parsed = parseStepLogLine(line);
    return parsed?.level === 'change' ? [parsed.message] : [];
  });
}

async function succeed(input: unknown): Promise<string[]> {
  const result = await runRecipeOnSession(session, roundcubeInstall, input);
  expect(result.exitCode, `roundcube-install failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return changesOf(result);
}

/** stdout of a bash script on the server (extra arguments are $1…), failing on a non-zero exit. */
async function onServer(script: string, ...args: string[]): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script, 'test', ...args], {
    timeoutMs: 120_000,
  });
  expect(result.code, `${script}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/**
 * The mail server as the panel installs it (helper D's area `mailserver`): Applications' install
 * steps for `mailserver` (Postfix, Dovecot, OpenDKIM and the panel's base configuration), then its
 * recipes add the domain and the account (password on stdin). The message is put in the account's
 * Maildir directly: delivery itself is the mail server's own test.
 */
async function installMailServer(): Promise<void> {
  const environment = Object.entries(applicationEnvironment('mailserver')).map(
    ([key, value]) => `${key}=${value}`,
  );
  for (const step of ['check', 'install', 'enable']) {
    await runOnTestServer(server, ['bash', '-c', 'cat > /root/hostdeck-step.sh'], {
      input: assembleStepScript(`applications/${step}.sh`),
    });
    const result = await runOnTestServer(server, ['env', ...environment, 'bash', '/root/hostdeck-step.sh'], {
      timeoutMs: 15 * 60_000,
    });
    expect(result.code, `${step}: ${result.stdout}${result.stderr}`).toBe(0);
  }
  for (const [recipe, input] of [
    [mailserverDomainAdd, { domain: SITE }],
    [
      mailserverAccountCreate,
      { address: ACCOUNT, password_hex: Buffer.from(PASSWORD).toString('hex'), quota_mb: 0 },
    ],
  ] as const) {
    const result = await runRecipeOnSession(session, recipe, input);
    expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  }
}

/** A message in the account's Maildir (the mail server's layout: /var/mail/vhosts/DOMAIN/LOCAL). */
const PUT_MESSAGE = String.raw`
set -e
dir=/var/mail/vhosts/rca.test/alice/Maildir
mkdir -p "$dir/cur" "$dir/new" "$dir/tmp"
printf 'From: bob@rca.test\r\nTo: alice@rca.test\r\nSubject: %s\r\nDate: Sun, 29 Nov 2026 08:00:00 +0000\r\nMessage-ID: <1@rca.test>\r\n\r\nHi Alice\r\n' "$1" > "$dir/new/1.rca1"
chown -R vmail:vmail /var/mail/vhosts/rca.test
`;

/**
 * Signs in as the browser does (the login form's token and session cookie, then the form's post)
 * and lists the inbox as Roundcube's page does (the request token in X-Roundcube-Request).
 */
const SIGN_IN = String.raw`
set -e
jar=$(mktemp); page=$(mktemp)
base="http://127.0.0.1/roundcube/"
curl -s -c "$jar" -b "$jar" -H "Host: $1" -o "$page" "$base"
token=$(grep -o 'name="_token" value="[^"]*"' "$page" | head -1 | sed 's/.*value="//; s/"$//')
[ -n "$token" ] || { echo "no login form"; cat "$page"; exit 1; }
status=$(curl -s -c "$jar" -b "$jar" -H "Host: $1" -o "$page" -w '%{http_code} %{redirect_url}' \
  --data-urlencode "_token=$token" --data-urlencode _task=login --data-urlencode _action=login \
  --data-urlencode _timezone=UTC --data-urlencode _url= --data-urlencode "_user=$2" \
  --data-urlencode "_pass=$3" "$base?_task=login")
echo "login $status"
curl -s -c "$jar" -b "$jar" -H "Host: $1" -o "$page" "$base?_task=mail&_mbox=INBOX"
request=$(grep -o '"request_token":"[^"]*"' "$page" | head -1 | sed 's/.*:"//; s/"$//')
[ -n "$request" ] || { echo "no mail page"; exit 0; }
echo "user $(grep -o -F -- "$2" "$page" | head -1)"
curl -s -c "$jar" -b "$jar" -H "Host: $1" -H "X-Roundcube-Request: $request" \
  "$base?_task=mail&_action=list&_mbox=INBOX&_remote=1&_page=1"
rm -f "$jar" "$page"
`;

describe('Roundcube on a site, signing in with a mail account', () => {
  it('installs Roundcube for a site and serves its login form at /roundcube/', async () => {
    await runRecipeOnSession(session, 'site-apply', site).then((result) =>
      expect(result.exitCode, result.output).toBe(0),
    );
    const changes = await succeed(install);
    expect(changes.some((change) => change.startsWith('installed roundcube'))).toBe(true);
    // No web server was reconfigured by the package, and the site's own pool is untouched.
    expect(await onServer('ls /etc/apache2/conf-enabled/ | grep -c roundcube || true')).toBe('0');
    expect(await onServer('grep -c roundcube /etc/php/8.2/fpm/pool.d/rca.test.conf || true')).toBe('0');
    expect(await onServer('stat -c "%a %U" /var/lib/hostdeck/roundcube/db/roundcube.sqlite')).toBe(
      '600 hostdeck-roundcube',
    );
    const login = await onServer(
      'curl -s -o - -w "\\n%{http_code}" -H "Host: $1" http://127.0.0.1/roundcube/',
      SITE,
    );
    expect(login.split('\n').at(-1)).toBe('200');
    expect(login).toContain('rcmloginuser');
    // The configuration and state are not served.
    expect(
      await onServer(
        'curl -s -o /dev/null -w "%{http_code}" -H "Host: $1" http://127.0.0.1/roundcube/config/config.inc.php',
        SITE,
      ),
    ).not.toBe('200');
  });

  it('changes nothing on a second run', async () => {
    expect(await succeed(install)).toEqual([]);
  });

  it('signs in with a mail account over IMAP on localhost and lists its inbox', async () => {
    await installMailServer();
    await onServer(PUT_MESSAGE, SUBJECT);
    const output = await onServer(SIGN_IN, SITE, ACCOUNT, PASSWORD);
    expect(output).toMatch(/^login 302 /m);
    expect(output).toContain(`user ${ACCOUNT}`);
    expect(output).toContain(SUBJECT);

    const refused = await onServer(SIGN_IN, SITE, ACCOUNT, 'wrong password');
    expect(refused).toMatch(/^login 401|^login 200/m);
    expect(refused).not.toContain(SUBJECT);
  });
});
