import os from 'node:os';
import path from 'node:path';

/**
 * The local ACME server of the browser tests (tools/pebble): fixed ports and directory, so the
 * panel, started before any test, is given its directory URL and CA bundle in its environment.
 */
// E2E_PEBBLE_PORT_BASE moves all five ports, so two browser runs can share a machine.
const base = Number(process.env.E2E_PEBBLE_PORT_BASE ?? 18_140);
export const E2E_PEBBLE = {
  ports: { acme: base, management: base + 1, dns: base + 2, dnsManagement: base + 3 },
  /** pebble-server.ts answers /health and /root (the issuing root) here. */
  healthPort: base + 4,
  directory: path.join(os.tmpdir(), `hostdeck-e2e-pebble-${base}`),
};
export const E2E_ACME_DIRECTORY_URL = `https://127.0.0.1:${E2E_PEBBLE.ports.acme}/dir`;
export const E2E_ACME_CA_BUNDLE = path.join(E2E_PEBBLE.directory, 'ca.pem');
const dnsManagementUrl = `http://127.0.0.1:${E2E_PEBBLE.ports.dnsManagement}`;

/** Makes `host` resolve to `address` for pebble's validation (pebble-challtestsrv /add-a). */
export async function pointPebbleAt(host: string, address: string): Promise<void> {
  const response = await fetch(`${dnsManagementUrl}/add-a`, {
    method: 'POST',
    body: JSON.stringify({ host, addresses: [address] }),
  });
  if (response.status !== 200) throw new Error(`pebble-challtestsrv /add-a answered ${response.status}`);
}
