import {
  WIREGUARD_SERVER_ADDRESS,
  type WireguardList,
  type WireguardPeer,
} from '@hostdeck/contracts/wireguard';
import type { InventoryWireguardPeer, WireguardInventory } from '@hostdeck/recipes/wireguard';
import type { WireguardClientRow } from './wireguard.repository.js';

const live = (peer: InventoryWireguardPeer | undefined) => ({
  connected_peer: peer !== undefined,
  endpoint: peer?.endpoint ?? null,
  last_handshake:
    peer && peer.latestHandshake > 0 ? new Date(peer.latestHandshake * 1000).toISOString() : null,
  transfer_rx: peer?.transferRx ?? 0,
  transfer_tx: peer?.transferTx ?? 0,
});

/**
 * The list: the panel's clients (never a key but the public one) with what wg0 says of each,
 * then the peers on the server that the panel did not make (live or saved), kept and shown.
 */
export function presentWireguard(
  rows: readonly WireguardClientRow[],
  state: WireguardInventory,
  recordedPort: number | null,
): WireguardList {
  const liveByKey = new Map(state.peers.map((peer) => [peer.publicKey, peer]));
  const known = new Set(rows.map((row) => row.publicKey));
  const clients: WireguardPeer[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    address: row.address,
    public_key: row.publicKey,
    enabled: row.enabled,
    status: row.status as WireguardPeer['status'],
    managed: true,
    ...live(liveByKey.get(row.publicKey)),
    created_at: row.createdAt.toISOString(),
  }));
  const foreign = new Map<string, string[]>();
  for (const peer of [...state.peers, ...state.saved]) {
    if (!known.has(peer.publicKey) && !foreign.has(peer.publicKey))
      foreign.set(peer.publicKey, peer.allowedIps);
  }
  const others: WireguardPeer[] = [...foreign].map(([publicKey, allowedIps]) => ({
    id: null,
    name: null,
    address: allowedIps[0]?.replace(/\/32$/, '') ?? null,
    public_key: publicKey,
    enabled: true,
    status: 'active',
    managed: false,
    ...live(liveByKey.get(publicKey)),
    created_at: null,
  }));
  return {
    data: [...clients, ...others],
    infos: {
      installed: state.installed,
      configured: state.configured,
      up: state.up,
      port: state.port ?? recordedPort,
      public_key: state.publicKey,
      address: `${WIREGUARD_SERVER_ADDRESS}/24`,
    },
  };
}
