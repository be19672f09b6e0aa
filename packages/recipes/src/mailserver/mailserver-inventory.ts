import {
  isMailAddress,
  mailAddressDomain,
  type MailAccount,
  type MailAlias,
  type MailDomain,
  type MailOverview,
} from '@hostdeck/contracts/mailserver';
import { isDomain } from '@hostdeck/contracts';
import { InventoryFormatError } from '../inventory.js';

/** The mail server as its inventory prints it, before the API adds what it knows (site names). */
export type MailserverInventory = MailOverview & {
  /** `self-signed` or the site id whose certificate is in use. */
  sslSite: string;
};

const NUMBER = /^[0-9]{1,20}$/;
const DKIM_RECORD = /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/;
const OPENSSL_DATE = /^[A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2} \d{4} GMT$/;

const count = (value: string | undefined) => {
  if (!value || !NUMBER.test(value)) throw new InventoryFormatError('unexpected mail number');
  return Number(value);
};
const address = (value: string | undefined) => {
  if (!value || !isMailAddress(value)) throw new InventoryFormatError('unexpected mail address');
  return value;
};
const domain = (value: string | undefined) => {
  if (!value || !isDomain(value)) throw new InventoryFormatError('unexpected mail domain');
  return value;
};

/**
 * Reads the inventory's tab-separated lines (scripts/mailserver/inventory.sh); anything else is an
 * InventoryFormatError. Values come from files only the panel writes with validated values, and
 * are checked again here with the same grammars.
 */
export function parseMailserverInventory(output: string): MailserverInventory {
  const result: MailserverInventory = {
    installed: false,
    services: { postfix: 'inactive', dovecot: 'inactive', opendkim: 'inactive' },
    settings: { message_size_limit_mb: 0, relay_host: '', hostname: '' },
    ssl: { source: 'self-signed', site_id: null, names: [], expires_at: null },
    domains: [],
    accounts: [],
    aliases: [],
    sslSite: 'self-signed',
  };
  let seenInstalled = false;
  let myorigin = '';
  const domains = new Map<string, MailDomain>();
  const accounts: MailAccount[] = [];
  const aliasLines: { source: string; destinations: string[] }[] = [];
  for (const line of output.split('\n')) {
    if (line === '' || line.startsWith('::hostdeck::')) continue;
    const fields = line.split('\t');
    const [kind, first, second, third] = fields;
    switch (kind) {
      case 'installed':
        result.installed = first === 'yes';
        seenInstalled = true;
        break;
      case 'service':
        if (first === 'postfix' || first === 'dovecot' || first === 'opendkim') {
          result.services[first] = /^[a-z-]{0,20}$/.test(second ?? '') && second ? second : 'unknown';
        }
        break;
      case 'setting':
        if (first === 'message_size_limit') {
          result.settings.message_size_limit_mb = Math.round(count(second) / (1024 * 1024));
        } else if (first === 'relayhost') result.settings.relay_host = second ?? '';
        else if (first === 'myhostname') result.settings.hostname = second ?? '';
        else if (first === 'myorigin') myorigin = second ?? '';
        break;
      case 'ssl':
        result.sslSite = first === undefined || !NUMBER.test(first) ? 'self-signed' : first;
        result.ssl.source = result.sslSite === 'self-signed' ? 'self-signed' : 'site';
        result.ssl.site_id = result.sslSite === 'self-signed' ? null : Number(result.sslSite);
        break;
      case 'ssl-names':
        result.ssl.names = (first ?? '').split(',').filter((name) => name !== '');
        break;
      case 'ssl-expires':
        if (first && OPENSSL_DATE.test(first)) result.ssl.expires_at = new Date(first).toISOString();
        break;
      case 'domain': {
        const name = domain(first);
        domains.set(name, {
          name,
          is_default: false,
          dkim: false,
          dkim_record: null,
          accounts: 0,
          aliases: 0,
        });
        break;
      }
      case 'dkim': {
        const entry = domains.get(domain(first));
        if (entry && second && DKIM_RECORD.test(second)) {
          entry.dkim = true;
          entry.dkim_record = second;
        }
        break;
      }
      case 'account': {
        const value = address(first);
        accounts.push({
          address: value,
          domain: mailAddressDomain(value),
          quota_mb: count(second),
          used_bytes: count(third),
        });
        break;
      }
      case 'alias':
        aliasLines.push({
          source: address(first),
          destinations: (second ?? '').split(',').map((entry) => address(entry)),
        });
        break;
      default:
        throw new InventoryFormatError(`unexpected mail inventory line ${JSON.stringify(kind)}`);
    }
  }
  if (!seenInstalled)
    throw new InventoryFormatError('the mail inventory did not say whether it is installed');
  const accountSet = new Set(accounts.map((account) => account.address));
  const aliases: MailAlias[] = aliasLines.map(({ source, destinations }) => ({
    source,
    domain: mailAddressDomain(source),
    destinations: destinations.filter((destination) => destination !== source),
    kind: accountSet.has(source) ? 'forward' : 'alias',
    keep_copy: destinations.includes(source),
  }));
  for (const entry of domains.values()) {
    entry.is_default = entry.name === myorigin;
    entry.accounts = accounts.filter((account) => account.domain === entry.name).length;
    entry.aliases = aliases.filter((alias) => alias.domain === entry.name).length;
  }
  result.domains = [...domains.values()].sort((a, b) => a.name.localeCompare(b.name));
  result.accounts = accounts.sort((a, b) => a.address.localeCompare(b.address));
  result.aliases = aliases.sort((a, b) => a.source.localeCompare(b.source));
  return result;
}
