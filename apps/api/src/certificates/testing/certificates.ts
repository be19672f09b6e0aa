import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from '../../testing/sql.js';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../database/database.js';
import { certificates, sites } from '../../database/schema.js';
import { signIn } from '../../policy/testing/policy-fixtures.js';
import {
  createRecordingFakeServer,
  insertFakeServerRecord,
  useFakeServerApp,
} from '../../testing/fake-server-app.js';
import type { TestApp } from '../../testing/test-app.js';

export { readSite, waitForEvent } from '../../testing/fake-server-app.js';

/**
 * Test support (used by no production code): certificates made with the openssl CLI, and a panel
 * whose job workers run against the in-memory server of servers/testing/fake-server.ts, recording
 * every step with its stdin and failing the steps a test names (`site-apply/vhost`).
 */

export interface TestCertificate {
  certificate: string;
  privateKey: string;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

const CA_CONFIG = `[ca]
default_ca = test_ca
[test_ca]
dir = .
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any_name
copy_extensions = copy
unique_subject = no
[any_name]
commonName = supplied
`;

/**
 * A certificate for `domains` (SAN, CN = the first), self-signed, or signed by `issuer`; with
 * `expired`, it was valid in January 2020 only. `csr` signs that CSR instead of making a key.
 */
export function makeCertificate(
  domains: string[],
  options: { expired?: boolean; issuer?: TestCertificate; csr?: string } = {},
): TestCertificate {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-cert-'));
  try {
    const file = (name: string) => path.join(directory, name);
    writeFileSync(file('ca.cnf'), CA_CONFIG);
    writeFileSync(file('index.txt'), '');
    writeFileSync(file('serial'), `${Date.now().toString(16).padStart(16, '0')}\n`);
    if (options.csr) {
      writeFileSync(file('request.csr'), options.csr);
    } else {
      const san = domains.map((domain) => `DNS:${domain}`).join(',');
      openssl(
        [
          'req',
          '-new',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-keyout',
          'key.pem',
        ].concat(['-out', 'request.csr', '-subj', `/CN=${domains[0]}`, '-addext', `subjectAltName=${san}`]),
        directory,
      );
    }
    const dates = options.expired
      ? ['-startdate', '20200101000000Z', '-enddate', '20200201000000Z']
      : ['-days', '90'];
    if (options.issuer) {
      writeFileSync(file('issuer.pem'), options.issuer.certificate);
      writeFileSync(file('issuer.key'), options.issuer.privateKey);
    }
    const signer = options.issuer
      ? ['-cert', 'issuer.pem', '-keyfile', 'issuer.key']
      : ['-selfsign', '-keyfile', 'key.pem'];
    openssl(
      [
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        ...signer,
        '-in',
        'request.csr',
        '-out',
        'cert.pem',
        '-notext',
        ...dates,
      ],
      directory,
    );
    return {
      certificate: readFileSync(file('cert.pem'), 'utf8'),
      privateKey: options.csr ? '' : readFileSync(file('key.pem'), 'utf8'),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The fake server for certificate tasks: a failed step prints an nginx error, as `nginx -t` would. */
export function createCertificateFakeServer() {
  return createRecordingFakeServer({
    failStep: (runOptions) =>
      runOptions.onStdout?.('::hostdeck::error::nginx: [emerg] the test refused this\n'),
  });
}

/** A local "CA" that refuses everything (400), so that no test ever reaches a real one. */
async function startClosedCa(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(400, { 'content-type': 'application/problem+json' });
    response.end(
      JSON.stringify({ type: 'urn:ietf:params:acme:error:malformed', detail: 'The test CA is closed' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/directory`, server };
}

/**
 * A panel with job workers on the certificate fake server; its ACME CA refuses every request.
 * `env` adds or replaces settings (read when the panel is built, after the CA started).
 */
export function useCertificateApp(env: () => Record<string, string> = () => ({})) {
  let ca: { url: string; server: Server } | undefined;
  beforeAll(async () => {
    ca = await startClosedCa();
  });
  // Registered first, so it runs after the panel's afterAll closed the panel (hooks unwind as a stack).
  afterAll(() => {
    ca?.server.close();
  });
  return useFakeServerApp(createCertificateFakeServer(), {
    env: () => ({ ACME_DIRECTORY_URL: ca!.url, ...env() }),
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago (bound, then closed again). */
export async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

function ipv6Bytes(address: string): Buffer {
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const [head, tail] = address.split('::');
  const all =
    tail === undefined
      ? groups(head)
      : [
          ...groups(head),
          ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'),
          ...groups(tail),
        ];
  return Buffer.from(
    all.flatMap((group) => [Number.parseInt(group, 16) >> 8, Number.parseInt(group, 16) & 0xff]),
  );
}

/**
 * A DNS server on 127.0.0.1 answering A and AAAA queries from `records` (name → addresses) and
 * NXDOMAIN for other names: the resolver the panel's name check asks in tests (ACME_DNS_RESOLVER).
 */
export async function startTestDns(records: Record<string, string[]>) {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    // Header (12 bytes), then one question: labels up to a zero byte, type, class.
    const labels: string[] = [];
    let offset = 12;
    while (offset < query.length && query[offset] !== 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]!).toString('ascii'));
      offset += 1 + query[offset]!;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const known = records[labels.join('.').toLowerCase()];
    const family = type === 1 ? 4 : type === 28 ? 6 : 0;
    const answers = (known ?? []).filter((address) => isIP(address) === family);
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const answerRecords = answers.map((address) => {
      const data = family === 4 ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      fixed.writeUInt16BE(type, 2);
      fixed.writeUInt16BE(1, 4);
      fixed.writeUInt32BE(60, 6);
      fixed.writeUInt16BE(data.length, 10);
      return Buffer.concat([fixed, data]);
    });
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answerRecords]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** Olga owns a connected server with `shop.example.com` and `blog.example.com`; Mallory is a stranger. */
export async function certificateScene(test: TestApp) {
  const db = test.database.db;
  const olga = await signIn(test, 'Olga Owner');
  const mallory = await signIn(test, 'Mallory');
  const server = await insertFakeServerRecord(test, olga.user.id, { name: 'shop-web', ip: '203.0.113.40' });
  const insertSite = async (name: string, values: Partial<typeof sites.$inferInsert> = {}) => {
    const [site] = await db
      .insert(sites)
      .values({
        serverId: server.id,
        userId: olga.user.id,
        name,
        linuxUser: 'hostdeck',
        status: 'active',
        ...values,
      })
      .returning();
    return site!;
  };
  const site = await insertSite('shop.example.com');
  const blog = await insertSite('blog.example.com');
  return { olga, mallory, server, site, blog, insertSite, base: `/api/sites/${site.id}/certificates` };
}

export async function readCertificate(db: Database, id: number) {
  return (await db.select().from(certificates).where(eq(certificates.id, id)))[0];
}
