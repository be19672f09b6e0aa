import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PORT } from '@hostdeck/contracts';
import { AGENT_VERSION } from '@hostdeck/contracts/agent-version';
import { connectToTestServer, runRecipeOnSession } from '../../../../tools/test-server/web-test-server.js';
import {
  bootTestServer,
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import {
  createTestKeys,
  signToken,
  TEST_ORIGIN,
  TEST_SERVER_ID,
  tokenPayload,
} from '../testing/agent-test-support.js';
import {
  buildLinkSwapper,
  installLinkSwapper,
  startLinkSwapper,
  stopLinkSwapper,
  type RunInServer,
  type SwapPair,
} from '../testing/link-swapper.js';
import { buildTar, buildZip } from '../../../../tools/testing/archives.js';

/**
 * Issue 25, finding 1, for real: the agent installed on a booted Debian 12 server, a site user
 * running hd-link-swapper (renameat2(RENAME_EXCHANGE) in a tight loop between a real folder or file
 * of the site and a link to outside it: /root, a root-only key, /etc/profile.d), and root-token
 * calls racing it, ITERATIONS times per operation. After each operation nothing outside the site
 * may have been read (no planted secret in the site's files: copies, archives, extractions) or
 * written (listing, modes, owners and checksums of the protected places unchanged).
 * HOSTDECK_AGENT_DIST runs it against a bundle built elsewhere (an older agent, to see it fail).
 */

const NAME = 'races';
const SITE_USER = 'racer';
const SITE = `/home/${SITE_USER}`;
const ITERATIONS = Number(process.env.HOSTDECK_RACE_ITERATIONS ?? 200);
const MARKER = `ROOT-ONLY-${randomBytes(12).toString('hex')}`;
const PROTECTED = ['/root/secret-dir', '/root/sentinel', '/root/sentinel-src', '/etc/profile.d'];
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** The site's tree and the root-only places its links aim at (positional arguments only). */
const SETUP = String.raw`
set -euo pipefail
marker=$1 count=$2 site=$3 user=$4
id -u "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
install -d -m 700 /root/secret-dir /root/sentinel /root/sentinel/inner /root/sentinel-src
for file in /root/secret-dir/key /root/sentinel/file /root/sentinel/inner/file /root/sentinel/a; do
  printf '%s' "$marker" >"$file"; chmod 600 "$file"
done
for ((i = 0; i < count; i++)); do printf '%s' "$marker" >"/root/sentinel-src/f$i"; done
cd "$site"
for folder in c z t; do
  mkdir -p "$folder/src/sub"; echo inner >"$folder/src/sub/inner.txt"; echo note >"$folder/src/note.txt"
  ln -s /root/secret-dir "$folder/src/decoy"; ln -s /root/secret-dir/key "$folder/src/notelink"
done
for ((i = 0; i < count; i++)); do mkdir -p "c/out/$i"; done
for folder in x y; do mkdir -p "$folder/sub"; ln -s /etc/profile.d "$folder/decoy"; done
mkdir -p m/src m/dest; ln -s /root/sentinel m/decoy; ln -s /root/sentinel-src m/decoy2
for ((i = 0; i < count; i++)); do echo move >"m/src/f$i"; done
mkdir -p d k u/dir r/dir v/dir h o s
echo a >r/dir/a; ln -s /root/sentinel r/dlink; ln -s /root/sentinel u/dlink
for folder in h o s v; do echo site >"$folder/file"; ln -s /root/sentinel/file "$folder/flink"; done
ln -s /root/secret-dir v/dlink; echo listed >v/dir/listed.txt
chown -R "$user:" "$site"
`;

/** Lines only before ('-') or only after ('+'). */
function lineDiff(before: string, after: string): string {
  const was = new Set(before.split('\n'));
  const now = new Set(after.split('\n'));
  return [
    ...[...was].filter((line) => !now.has(line)).map((line) => `- ${line}`),
    ...[...now].filter((line) => !was.has(line)).map((line) => `+ ${line}`),
  ].join('\n');
}

interface RaceOperation {
  name: string;
  /** The site folder it works in: where its leaks are looked for. */
  folder: string;
  pairs: SwapPair[];
  /** One call (or a few); answers the status of the one under test. */
  call: (iteration: number) => Promise<number>;
}

describe('root file operations racing a site user who swaps links (issue 25, finding 1)', () => {
  let server: TestServer;
  const keys = createTestKeys();
  const agentUrl = () => `http://${server.address}:${AGENT_PORT}`;
  const run: RunInServer = (command, options) => runOnTestServer(server, command, options);
  const must = async (...command: string[]) => {
    const result = await runOnTestServer(server, command);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };
  const rootToken = () =>
    signToken(tokenPayload({ user: 'root', root: '/', server: TEST_SERVER_ID }), keys.privateKey);
  const headers = () => ({ 'X-HostDeck': rootToken(), origin: TEST_ORIGIN });
  /** A root-token call; the body is read whole (view and download bodies are checked for the marker). */
  const call = async (file: string, body: unknown, method = 'POST') => {
    const response = await fetch(`${agentUrl()}/files/${file}`, {
      method,
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const form = async (file: string, fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    const response = await fetch(`${agentUrl()}/files/${file}`, { method: 'POST', headers: headers(), body });
    await response.arrayBuffer();
    return response.status;
  };
  const get = async (file: string, query: Record<string, string>) => {
    const response = await fetch(`${agentUrl()}/files/${file}?${new URLSearchParams(query)}`, {
      headers: headers(),
    });
    return { status: response.status, text: await response.text() };
  };
  /** A read whose answer must never hold the marker: a leak answers 599 here, counted as one. */
  const readChecked = async (answer: Promise<{ status: number; text: string }>) => {
    const { status, text } = await answer;
    if (text.includes(MARKER)) readLeaks += 1;
    return status;
  };
  let readLeaks = 0;
  let totalCalls = 0;

  const protectedState = async () => {
    const listing = await must('find', ...PROTECTED, '-printf', '%p %y %m %U %G %s %T@\\n');
    const sums = await must('sha256sum', '/etc/shadow', '/etc/passwd', '/root/secret-dir/key');
    const modes = await must('stat', '-c', '%n %a %U %G', '/etc/shadow', '/root', '/etc', '/etc/profile.d');
    return [listing.split('\n').sort().join('\n'), sums, modes].join('\n');
  };
  /** Regular files under `folder` holding the marker (grep -r does not follow links). */
  const leakedFiles = async (folder: string) => {
    const found = await runOnTestServer(server, ['grep', '-rlF', '--binary-files=text', MARKER, folder]);
    return found.stdout.split('\n').filter(Boolean);
  };
  const copyIn = async (file: string, content: Buffer) => {
    const written = await run(['bash', '-c', 'cat >"$1" && chown "$2:" "$1"', '_', file, SITE_USER], {
      input: content,
    });
    expect(written.code, written.stderr).toBe(0);
  };

  beforeAll(async () => {
    if (!process.env.HOSTDECK_AGENT_DIST) {
      const built = execFileSync('node', ['apps/agent/build/bundle.mjs'], {
        cwd: repositoryRoot,
        encoding: 'utf8',
      });
      console.log(`agent bundle: ${built.trim()}`);
    }
    const swapper = buildLinkSwapper();
    await bootTestServer(NAME);
    server = await resetTestServer(NAME);
    const session = await connectToTestServer(server);
    try {
      const installed = await runRecipeOnSession(session, 'agent-install', {
        version: AGENT_VERSION,
        server_id: TEST_SERVER_ID,
        port: AGENT_PORT,
        panel_public_key: keys.publicKeyPem,
        allowed_origins: [TEST_ORIGIN],
      });
      expect(installed.exitCode, installed.output).toBe(0);
    } finally {
      await session.close();
    }
    await installLinkSwapper(run, swapper);
    await must('bash', '-c', SETUP, '_', MARKER, String(ITERATIONS), SITE, SITE_USER);
    const evil = Array.from({ length: 26 }, (_, index) => ({
      name: `sub/hd-evil-${index}.sh`,
      content: 'echo pwned\n',
    }));
    await copyIn(`${SITE}/x/arch.zip`, await buildZip([{ name: 'sub/', directory: true }, ...evil]));
    await copyIn(`${SITE}/y/arch.tar`, buildTar(evil.map(({ name, content }) => ({ path: name, content }))));
  });

  afterAll(async () => {
    console.log(`race calls in all: ${totalCalls} (${ITERATIONS} per operation)`);
    await stopTestServer(NAME);
  });

  const at = (relative: string) => `${SITE}/${relative}`;
  const operations: RaceOperation[] = [
    {
      name: 'copy',
      folder: 'c',
      pairs: [
        [at('c/src/sub'), at('c/src/decoy'), '/root/secret-dir'],
        [at('c/src/note.txt'), at('c/src/notelink'), '/root/secret-dir/key'],
      ],
      call: async (i) =>
        (await call('copy', { root: '/', path: at('c/src'), destination: at(`c/out/${i}`) })).status,
    },
    {
      name: 'compress zip',
      folder: 'z',
      pairs: [
        [at('z/src/sub'), at('z/src/decoy'), '/root/secret-dir'],
        [at('z/src/note.txt'), at('z/src/notelink'), '/root/secret-dir/key'],
      ],
      call: async (i) =>
        (await call('compress', { root: '/', path: [at('z/src')], type: 'zip', level: 0, name: `z${i}.zip` }))
          .status,
    },
    {
      name: 'compress tar',
      folder: 't',
      pairs: [
        [at('t/src/sub'), at('t/src/decoy'), '/root/secret-dir'],
        [at('t/src/note.txt'), at('t/src/notelink'), '/root/secret-dir/key'],
      ],
      call: async (i) =>
        (await call('compress', { root: '/', path: [at('t/src')], type: 'tar', name: `t${i}.tar` })).status,
    },
    {
      name: 'extract zip',
      folder: 'x',
      pairs: [[at('x/sub'), at('x/decoy'), '/etc/profile.d']],
      call: async () => (await call('decompress', { root: '/', path: at('x/arch.zip') })).status,
    },
    {
      name: 'extract tar',
      folder: 'y',
      pairs: [[at('y/sub'), at('y/decoy'), '/etc/profile.d']],
      call: async () => (await call('decompress', { root: '/', path: at('y/arch.tar') })).status,
    },
    {
      name: 'move',
      folder: 'm',
      pairs: [
        [at('m/dest'), at('m/decoy'), '/root/sentinel'],
        [at('m/src'), at('m/decoy2'), '/root/sentinel-src'],
      ],
      call: async (i) =>
        (await call('move', { root: '/', path: at(`m/src/f${i}`), destination: at('m/dest') })).status,
    },
    {
      name: 'delete',
      folder: 'd',
      pairs: [[at('d/t/sub'), at('d/t/decoy'), '/root/sentinel/inner']],
      call: async () => {
        await form('save', { root: '/', path: at('d/t/sub/keep.txt'), new: 'true', file: 'keep' });
        // Time for the swapper to plant its link in the new folder and start exchanging.
        await new Promise((resolve) => setTimeout(resolve, 2));
        return (await call('delete', { root: '/', path: [at('d/t')] }, 'DELETE')).status;
      },
    },
    {
      name: 'chmod',
      folder: 'h',
      pairs: [[at('h/file'), at('h/flink'), '/root/sentinel/file']],
      call: async () => (await call('chmod', { root: '/', path: at('h/file'), mode: '666' })).status,
    },
    {
      name: 'chown',
      folder: 'o',
      pairs: [[at('o/file'), at('o/flink'), '/root/sentinel/file']],
      call: async () =>
        (await call('chown', { root: '/', path: at('o/file'), owner: SITE_USER, group: SITE_USER })).status,
    },
    {
      name: 'mkdir',
      folder: 'k',
      pairs: [[at('k/new'), at('k/lnk'), '/root/sentinel/file']],
      call: async () => {
        const made = await call('mkdir', { root: '/', path: at('k'), name: 'new' });
        await call('delete', { root: '/', path: [at('k/new')] }, 'DELETE');
        await call('delete', { root: '/', path: [at('k/lnk')] }, 'DELETE');
        return made.status;
      },
    },
    {
      name: 'save',
      folder: 's',
      pairs: [[at('s/file'), at('s/flink'), '/root/sentinel/file']],
      call: async (i) => form('save', { root: '/', path: at('s/file'), file: `saved ${i}` }),
    },
    {
      name: 'upload',
      folder: 'u',
      pairs: [[at('u/dir'), at('u/dlink'), '/root/sentinel']],
      call: async (i) =>
        form('upload', { root: '/', path: at('u/dir'), name: 'file', file: new Blob([`uploaded ${i}`]) }),
    },
    {
      name: 'rename',
      folder: 'r',
      pairs: [[at('r/dir'), at('r/dlink'), '/root/sentinel']],
      call: async (i) =>
        (await call('rename', { root: '/', path: at(`r/dir/${i % 2 ? 'b' : 'a'}`), name: i % 2 ? 'a' : 'b' }))
          .status,
    },
    {
      name: 'view, download and list',
      folder: 'v',
      pairs: [
        [at('v/file'), at('v/flink'), '/root/sentinel/file'],
        [at('v/dir'), at('v/dlink'), '/root/secret-dir'],
      ],
      call: async (i) => {
        const listed = await call('list', { root: '/', path: at('v/dir') });
        // A listing of the secret folder would name its 'key'.
        if (listed.text.includes('"key"')) readLeaks += 1;
        const query = { root: '/', path: at('v/file') };
        return readChecked(i % 2 ? get('view', query) : get('download', query));
      },
    },
  ];

  for (const operation of operations) {
    it(`${operation.name}: ${ITERATIONS} calls against the swapper read and write nothing outside the site`, async () => {
      readLeaks = 0;
      // Each operation against the state it started from: one that broke out shows as itself only.
      const protectedBefore = await protectedState();
      const swapper = await startLinkSwapper(run, SITE_USER, 600, operation.pairs);
      const statuses: Record<number, number> = {};
      let exchanges = 0;
      try {
        for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
          const status = await operation.call(iteration);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      } finally {
        exchanges = await stopLinkSwapper(run, swapper);
      }
      totalCalls += ITERATIONS;
      const leaked = await leakedFiles(at(operation.folder));
      const protectedAfter = await protectedState();
      const protectedChanged = protectedAfter !== protectedBefore;
      if (protectedChanged)
        console.log(`race ${operation.name} changed:\n${lineDiff(protectedBefore, protectedAfter)}`);
      console.log(
        `race ${operation.name}: ${ITERATIONS} calls, statuses ${JSON.stringify(statuses)}, ` +
          `${exchanges} exchanges, ${leaked.length} leaked files, ${readLeaks} leaking answers, ` +
          `protected places ${protectedChanged ? 'CHANGED' : 'unchanged'}`,
      );
      expect({ leaked, readLeaks, protectedChanged }).toEqual({
        leaked: [],
        readLeaks: 0,
        protectedChanged: false,
      });
      // Not a race against a wall: the swapper did swap, and the calls did work.
      expect(exchanges).toBeGreaterThan(ITERATIONS);
      expect(statuses[200] ?? 0).toBeGreaterThan(0);
      expect((await fetch(`${agentUrl()}/version`)).status).toBe(200);
    });
  }
});
