import { WIREGUARD_KEY_PATTERN } from '@hostdeck/contracts/wireguard';
import { InventoryFormatError } from '../inventory.js';

/** One peer of wg0 as `wg show wg0 dump` gives it (never its preshared key). */
export interface InventoryWireguardPeer {
  publicKey: string;
  endpoint: string | null;
  allowedIps: string[];
  /** Unix seconds of the last handshake; 0 when there was none. */
  latestHandshake: number;
  transferRx: number;
  transferTx: number;
}

export interface WireguardInventory {
  installed: boolean;
  configured: boolean;
  up: boolean;
  port: number | null;
  publicKey: string | null;
  /** Live on the interface (empty when it is down). */
  peers: InventoryWireguardPeer[];
  /** Saved in wg0.conf: public key and allowed ips. */
  saved: { publicKey: string; allowedIps: string[] }[];
}

const HEADER = 'hostdeck-wireguard 1';
const NUMBER = /^[0-9]{1,20}$/;

const yes = (value: string | undefined, field: string) => {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  throw new InventoryFormatError(`unexpected wireguard ${field} ${JSON.stringify(value)}`);
};
const key = (value: string | undefined) => {
  if (!value || !WIREGUARD_KEY_PATTERN.test(value))
    throw new InventoryFormatError('unexpected WireGuard key');
  return value;
};
const count = (value: string | undefined) => {
  if (!value || !NUMBER.test(value)) throw new InventoryFormatError('unexpected WireGuard number');
  return Number(value);
};
const allowedIps = (value: string | undefined) =>
  !value || value === '(none)' ? [] : value.split(',').filter((entry) => entry !== '');

/**
 * Reads the inventory's lines (scripts/wireguard/inventory.sh); anything else (a truncated or
 * foreign output) is an InventoryFormatError.
 */
export function parseWireguardInventory(stdout: string): WireguardInventory {
  const lines = stdout.split('\n').filter((line) => line !== '' && !line.startsWith('::hostdeck::'));
  if (lines[0] !== HEADER) throw new InventoryFormatError('the WireGuard inventory has no header');
  const inventory: WireguardInventory = {
    installed: false,
    configured: false,
    up: false,
    port: null,
    publicKey: null,
    peers: [],
    saved: [],
  };
  for (const line of lines.slice(1)) {
    const fields = line.split('\t');
    const [kind, first] = fields;
    switch (kind) {
      case 'installed':
        inventory.installed = yes(first, kind);
        break;
      case 'configured':
        inventory.configured = yes(first, kind);
        break;
      case 'up':
        inventory.up = yes(first, kind);
        break;
      case 'port': {
        const port = count(first);
        if (port < 1 || port > 65535) throw new InventoryFormatError('unexpected WireGuard port');
        inventory.port = port;
        break;
      }
      case 'public':
        inventory.publicKey = key(first);
        break;
      case 'peer': {
        if (fields.length !== 7) throw new InventoryFormatError('unexpected WireGuard peer line');
        const [, publicKey, endpoint, allowed, handshake, rx, tx] = fields;
        inventory.peers.push({
          publicKey: key(publicKey),
          endpoint: !endpoint || endpoint === '(none)' ? null : endpoint,
          allowedIps: allowedIps(allowed),
          latestHandshake: count(handshake),
          transferRx: count(rx),
          transferTx: count(tx),
        });
        break;
      }
      case 'saved': {
        if (fields.length !== 3) throw new InventoryFormatError('unexpected WireGuard saved peer line');
        inventory.saved.push({ publicKey: key(fields[1]), allowedIps: allowedIps(fields[2]) });
        break;
      }
      default:
        throw new InventoryFormatError(
          `unexpected WireGuard inventory line ${JSON.stringify(line.slice(0, 80))}`,
        );
    }
  }
  return inventory;
}
