// Test support (used by no production code): the host's own Node.js as a nodejs.org-like tarball
// (`node-vX-linux-x64.tar.gz`: bin/node, bin/npm, include/node, lib/node_modules/npm), served over
// HTTP on 0.0.0.0 so a test server (which reaches only the host end of its /30) downloads it as
// it would download nodejs.org's. Used by the n8n server test (N8N_NODE_URL).
import { execFileSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { hostEndAddress } from '../test-server/npm-mirror.js';
import type { TestServer } from '../test-server/index.js';

const stateHome = process.env.HOSTDECK_TEST_SERVER_HOME ?? '/var/lib/hostdeck-test-servers';

export interface NodeTarballServer {
  /** The tarball's URL as test server `server` reaches it. */
  urlFor(server: TestServer): string;
  port: number;
  stop(): Promise<void>;
}

/** Where the host keeps Node.js's headers and npm (Debian and nodesource layouts). */
function hostNodeParts(): { node: string; include: string; npm: string } {
  const node = process.execPath;
  const prefix = path.resolve(path.dirname(node), '..');
  const include = path.join(prefix, 'include/node');
  const npm = [path.join(prefix, 'lib/node_modules/npm'), '/usr/share/nodejs/npm'].find((folder) =>
    existsSync(path.join(folder, 'package.json')),
  );
  if (!existsSync(path.join(include, 'node.h')) || !npm) {
    throw new Error(`the host's Node.js (${node}) has no headers in ${include} or no npm beside it`);
  }
  return { node, include, npm };
}

/** Makes (once per host and version) the tarball in $HOSTDECK_TEST_SERVER_HOME/node-tarball. */
export function hostNodeTarball(): string {
  const name = `node-${process.version}-linux-x64`;
  const folder = path.join(stateHome, 'node-tarball');
  const file = path.join(folder, `${name}.tar.gz`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const work = mkdtempSync(path.join(folder, 'build-'));
  try {
    const { node, include, npm } = hostNodeParts();
    const root = path.join(work, name);
    for (const sub of ['bin', 'include', 'lib/node_modules'])
      mkdirSync(path.join(root, sub), { recursive: true });
    execFileSync('cp', [node, path.join(root, 'bin/node')]);
    execFileSync('cp', ['-r', include, path.join(root, 'include/node')]);
    execFileSync('cp', ['-rL', npm, path.join(root, 'lib/node_modules/npm')]);
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'bin/npx'));
    execFileSync('tar', ['-czf', path.join(work, 'node.tar.gz'), '-C', work, name]);
    renameSync(path.join(work, 'node.tar.gz'), file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/**
 * Serves the host's Node.js tarball on 0.0.0.0, on $HOSTDECK_NODE_TARBALL_PORT or a free port.
 */
export async function startNodeTarballServer(): Promise<NodeTarballServer> {
  const file = hostNodeTarball();
  const name = path.basename(file);
  const server: Server = createServer((request, response) => {
    if (request.url !== `/${name}`) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/gzip',
      'content-length': String(statSync(file).size),
    });
    createReadStream(file).pipe(response);
  });
  const wanted = Number(process.env.HOSTDECK_NODE_TARBALL_PORT ?? 0);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    urlFor: (target) => `http://${hostEndAddress(target)}:${port}/${name}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
