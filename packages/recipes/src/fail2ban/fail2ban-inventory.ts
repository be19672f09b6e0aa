import { InventoryFormatError } from '../inventory.js';

/** One running jail, as `fail2ban-client` reported it. */
export interface InventoryJail {
  name: string;
  maxretry: number | null;
  findtime: number | null;
  bantime: number | null;
  currentlyFailed: number;
  totalBanned: number;
  banned: { ip: string; secondsLeft: number | null }[];
}

/** One of the panel's jail files (`hostdeck-<jail>.local`), running or not. */
export interface InventoryManagedJail {
  name: string;
  enabled: boolean;
  maxretry: number | null;
  findtime: number | null;
  bantime: number | null;
}

export interface Fail2banInventory {
  installed: boolean;
  running: boolean;
  /** The panel's address as the server sees it (SSH_CONNECTION); null when unknown. */
  panelIp: string | null;
  /** The panel's allow-list file's list; null when the file is not there. */
  allowList: string[] | null;
  /** The ignoreip Fail2Ban applies (the first running jail's). */
  ignoreip: string[];
  jails: InventoryJail[];
  managed: InventoryManagedJail[];
}

const HEADER = 'hostdeck-fail2ban 1';
const WORD = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ADDRESS = /^[0-9A-Fa-f:.]+(?:\/[0-9]{1,3})?$/;

const optionalNumber = (text: string): number | null => (/^-?[0-9]+$/.test(text) ? Number(text) : null);
const count = (text: string): number => (/^[0-9]+$/.test(text) ? Number(text) : 0);
const addresses = (text: string): string[] => {
  const words = text.split(/\s+/).filter((word) => word !== '');
  if (!words.every((word) => ADDRESS.test(word))) throw new InventoryFormatError('unexpected address list');
  return words;
};

/** Reads the inventory's records (scripts/fail2ban/inventory.sh); anything else is an InventoryFormatError. */
export function parseFail2banInventory(stdout: string): Fail2banInventory {
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (lines[0] !== HEADER) throw new InventoryFormatError('the Fail2Ban inventory has no header');
  const inventory: Fail2banInventory = {
    installed: false,
    running: false,
    panelIp: null,
    allowList: null,
    ignoreip: [],
    jails: [],
    managed: [],
  };
  const jails = new Map<string, InventoryJail>();
  for (const line of lines.slice(1)) {
    const [kind, ...fields] = line.split('\t');
    const bad = () =>
      new InventoryFormatError(`unexpected Fail2Ban line ${JSON.stringify(line.slice(0, 80))}`);
    switch (kind) {
      case 'panel':
        inventory.panelIp = fields[0] && ADDRESS.test(fields[0]) ? fields[0] : null;
        break;
      case 'installed':
        inventory.installed = fields[0] === '1';
        break;
      case 'running':
        inventory.running = fields[0] === '1';
        break;
      case 'allow':
        inventory.allowList = addresses(fields[0] ?? '');
        break;
      case 'ignore':
        inventory.ignoreip = addresses(fields[0] ?? '');
        break;
      case 'managed': {
        const [name, enabled, maxretry, findtime, bantime] = fields;
        if (fields.length !== 5 || !WORD.test(name!)) throw bad();
        inventory.managed.push({
          name: name!,
          enabled: enabled === 'true',
          maxretry: optionalNumber(maxretry!),
          findtime: optionalNumber(findtime!),
          bantime: optionalNumber(bantime!),
        });
        break;
      }
      case 'jail': {
        const [name, maxretry, findtime, bantime, failed, total] = fields;
        if (fields.length !== 6 || !WORD.test(name!)) throw bad();
        const jail: InventoryJail = {
          name: name!,
          maxretry: optionalNumber(maxretry!),
          findtime: optionalNumber(findtime!),
          bantime: optionalNumber(bantime!),
          currentlyFailed: count(failed!),
          totalBanned: count(total!),
          banned: [],
        };
        jails.set(jail.name, jail);
        inventory.jails.push(jail);
        break;
      }
      case 'ban': {
        const [name, ip, left] = fields;
        const jail = jails.get(name ?? '');
        if (fields.length !== 3 || !jail || !ADDRESS.test(ip!)) throw bad();
        jail.banned.push({ ip: ip!, secondsLeft: optionalNumber(left!) });
        break;
      }
      default:
        throw bad();
    }
  }
  return inventory;
}
