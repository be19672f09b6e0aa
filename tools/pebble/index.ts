// A local ACME server for certificate tests (ARCHITECTURE.md, Testing): Debian's `pebble`, with
// `pebble-challtestsrv` as its DNS server so that every name resolves to one test server, where
// pebble's HTTP-01 validation (port 80) reaches the vhost under test. Test support only: used by
// no production code. See README.md beside this file.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PebbleOptions {
  /** The address every name resolves to (A records): the test server that answers the challenges. */
  defaultIpv4: string;
  /** Where the ACME API listens (default 0.0.0.0, reachable from the test servers too). */
  listenHost?: string;
  /**
   * Fixed ports and a fixed state directory (default: free ports, a new temporary directory), for
   * a panel started before pebble knows them: the browser tests pass them in its environment.
   */
  ports?: { acme: number; management: number; dns: number; dnsManagement: number };
  directory?: string;
}

export interface Pebble {
  /** `https://127.0.0.1:{port}/dir`, for ACME_DIRECTORY_URL. */
  directoryUrl: string;
  /** A PEM file with the CA of pebble's own TLS certificate, for ACME_CA_BUNDLE. */
  caBundlePath: string;
  /** The root that signs the certificates pebble issues (management endpoint /roots/0). */
  issuingRoot(): Promise<string>;
  /** Makes `host` resolve to `address` instead of the default (e.g. somewhere nothing answers). */
  setAddress(host: string, address: string): Promise<void>;
  /** Output of both processes so far, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

/** A free TCP port on this machine (closed again before it is handed out). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A CA and a certificate for 127.0.0.1/localhost signed by it: pebble's TLS identity. */
async function makeTlsIdentity(directory: string) {
  const file = (name: string) => path.join(directory, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const subject = '/CN=HostDeck test pebble TLS CA';
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    subject,
  ]);
  await run('openssl', [
    'req',
    ...ec,
    '-keyout',
    file('key.pem'),
    '-out',
    file('tls.csr'),
    '-subj',
    '/CN=localhost',
  ]);
  writeFileSync(
    file('tls.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('tls.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('cert.pem'),
    '-days',
    '2',
    '-extfile',
    file('tls.ext'),
  ]);
  return { ca: file('ca.pem'), certificate: file('cert.pem'), key: file('key.pem') };
}

function httpsRequest(
  url: string,
  ca: string,
  options: { method?: string; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: options.method ?? 'GET', ca, timeout: 5000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    call.on('timeout', () => call.destroy(new Error(`${url} timed out`)));
    call.on('error', reject);
    call.end(options.body);
  });
}

/**
 * Starts pebble (ACME API and management on free ports, HTTP-01 validation on port 80, no random
 * validation sleeps, never "always valid") and pebble-challtestsrv answering every A query with
 * `defaultIpv4` (and no AAAA, so validation uses IPv4). Resolves once the directory answers.
 */
export async function startPebble(options: PebbleOptions): Promise<Pebble> {
  const directory = options.directory ?? mkdtempSync(path.join(os.tmpdir(), 'hostdeck-pebble-'));
  mkdirSync(directory, { recursive: true });
  const tls = await makeTlsIdentity(directory);
  const acmePort = options.ports?.acme ?? (await freePort());
  const managementPort = options.ports?.management ?? (await freePort());
  const dnsPort = options.ports?.dns ?? (await freePort());
  const dnsManagementPort = options.ports?.dnsManagement ?? (await freePort());
  const configFile = path.join(directory, 'pebble-config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      pebble: {
        listenAddress: `${options.listenHost ?? '0.0.0.0'}:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: tls.certificate,
        privateKey: tls.key,
        httpPort: 80,
        tlsPort: 443,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );

  let output = '';
  const children: ChildProcess[] = [];
  const start = (command: string, args: string[], environment: Record<string, string> = {}) => {
    const child = spawn(command, args, {
      cwd: directory,
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = `${output}${chunk.toString('utf8')}`.slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children.push(child);
    return child;
  };

  start('pebble-challtestsrv', [
    '-defaultIPv4',
    options.defaultIpv4,
    '-defaultIPv6',
    '',
    '-dns01',
    `127.0.0.1:${dnsPort}`,
    '-http01',
    '',
    '-https01',
    '',
    '-tlsalpn01',
    '',
    '-management',
    `127.0.0.1:${dnsManagementPort}`,
  ]);
  start('pebble', ['-config', configFile, '-dnsserver', `127.0.0.1:${dnsPort}`], {
    // Validation right away instead of a random 0-15 s sleep; nonces are never rejected at random
    // (acme-client would retry, but a test should not depend on it).
    PEBBLE_VA_NOSLEEP: '1',
    PEBBLE_WFE_NONCEREJECT: '0',
  });

  const ca = readFileSync(tls.ca, 'utf8');
  const directoryUrl = `https://127.0.0.1:${acmePort}/dir`;
  const managementUrl = `https://127.0.0.1:${managementPort}`;
  const dnsManagementUrl = `http://127.0.0.1:${dnsManagementPort}`;

  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(directory, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) {
      await stop();
      throw new Error(`pebble did not start:\n${output}`);
    }
    const ready = await httpsRequest(directoryUrl, ca).then(
      (response) => response.status === 200,
      () => false,
    );
    const dnsReady = await fetch(`${dnsManagementUrl}/`).then(
      () => true,
      () => false,
    );
    if (ready && dnsReady) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`pebble did not answer within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    directoryUrl,
    caBundlePath: tls.ca,
    async issuingRoot() {
      const response = await httpsRequest(`${managementUrl}/roots/0`, ca);
      if (response.status !== 200) throw new Error(`pebble /roots/0 answered ${response.status}`);
      return response.body;
    },
    async setAddress(host: string, address: string) {
      const response = await fetch(`${dnsManagementUrl}/add-a`, {
        method: 'POST',
        body: JSON.stringify({ host, addresses: [address] }),
      });
      if (response.status !== 200) throw new Error(`pebble-challtestsrv /add-a answered ${response.status}`);
    },
    logs: () => output,
    stop,
  };
}
