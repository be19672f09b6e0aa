import { InventoryFormatError } from '../inventory.js';

/** What mtproxy-status prints, read. */
export interface MtproxyServerStatus {
  installed: boolean;
  version: string | null;
  active: boolean;
  enabled: boolean;
  /** The port of /etc/mtproxy/mtg.toml, when it has one. */
  port: number | null;
  listening: boolean;
}

const HEADER = 'hostdeck-mtproxy 1';

/** Parses mtproxy-status's output; anything else throws InventoryFormatError. */
export function parseMtproxyStatus(stdout: string): MtproxyServerStatus {
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (lines[0] !== HEADER) throw new InventoryFormatError('not an mtproxy-status output');
  const status: MtproxyServerStatus = {
    installed: false,
    version: null,
    active: false,
    enabled: false,
    port: null,
    listening: false,
  };
  for (const line of lines.slice(1)) {
    const [key, value = '', ...rest] = line.split('\t');
    if (rest.length > 0) throw new InventoryFormatError(`unexpected line: ${line}`);
    switch (key) {
      case 'installed':
      case 'active':
      case 'enabled':
      case 'listening':
        if (value !== 'yes' && value !== 'no') throw new InventoryFormatError(`unexpected line: ${line}`);
        status[key] = value === 'yes';
        break;
      case 'version':
        status.version = value.slice(0, 200);
        break;
      case 'port': {
        const port = /^[0-9]{1,5}$/.test(value) ? Number(value) : NaN;
        if (!(port >= 1 && port <= 65535)) throw new InventoryFormatError(`unexpected line: ${line}`);
        status.port = port;
        break;
      }
      default:
        throw new InventoryFormatError(`unexpected line: ${line}`);
    }
  }
  return status;
}

/** mtproxy-log's output: its lines, without the empty last one. */
export function parseMtproxyLog(stdout: string): string[] {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
