import { InventoryFormatError } from '../inventory.js';

/** A version of php-inventory's output. */
export interface PhpInventoryVersion {
  version: string;
  /** systemd's ActiveState of phpX.Y-fpm; `absent` without php-fpm. */
  fpm: string;
  /** /etc/php/X.Y/fpm/conf.d/00-hostdeck-ioncube.ini exists. */
  ioncube: boolean;
}
export interface PhpInventory {
  versions: PhpInventoryVersion[];
  /** The version `php` runs on the command line, or null. */
  cli: string | null;
}

const VERSION = /^[0-9]{1,2}\.[0-9]{1,2}$/;
const STATE = /^[a-z-]{1,20}$/;

/** Parses php-inventory's lines (`version\tX.Y\tSTATE\tIONCUBE`, `cli\tX.Y`); anything else throws. */
export function parsePhpInventory(stdout: string): PhpInventory {
  const fail = (line: string): never => {
    throw new InventoryFormatError(`unexpected php-inventory line ${JSON.stringify(line)}`);
  };
  const inventory: PhpInventory = { versions: [], cli: null };
  for (const line of stdout.split('\n')) {
    if (line === '' || line.startsWith('::hostdeck::')) continue;
    const fields = line.split('\t');
    if (fields[0] === 'version' && fields.length === 4) {
      const [, version = '', fpm = '', ioncube = ''] = fields;
      if (!VERSION.test(version) || !STATE.test(fpm) || !/^[01]$/.test(ioncube)) fail(line);
      if (inventory.versions.some((entry) => entry.version === version)) fail(line);
      inventory.versions.push({ version, fpm, ioncube: ioncube === '1' });
    } else if (fields[0] === 'cli' && fields.length === 2 && VERSION.test(fields[1] ?? '')) {
      inventory.cli = fields[1]!;
    } else {
      fail(line);
    }
  }
  return inventory;
}

/** Parses php-ini-read's output: the file's text, or null when it does not exist. */
export function parsePhpIni(stdout: string): string | null {
  let content: string | null = null;
  for (const line of stdout.split('\n')) {
    if (line === '' || line.startsWith('::hostdeck::')) continue;
    const match = /^ini\t([A-Za-z0-9+/]*={0,2})$/.exec(line);
    if (!match || content !== null) throw new InventoryFormatError('unexpected php-ini-read output');
    content = Buffer.from(match[1]!, 'base64').toString('utf8');
  }
  return content;
}
