import { SSH_KEY_TYPES } from '@hostdeck/contracts/ssh-public-key';
import { InventoryFormatError } from '../inventory.js';

/** One authorized_keys line as the inventory read it. */
export interface AuthorizedKey {
  user: string;
  /** `SHA256:…` as `ssh-keygen -l` printed it. */
  fingerprint: string;
  /** The key type (`ssh-ed25519`…), or the first word after the options when unknown. */
  type: string;
  comment: string | null;
  /** The names of the line's options (`command`, `from`, `no-pty`…), never their values. */
  options: string[];
  /** `TYPE BLOB [COMMENT]` without the options. */
  publicKey: string;
}

export interface SshKeysInventory {
  users: { name: string; uid: number; home: string }[];
  keys: AuthorizedKey[];
}

const KNOWN_TYPES = new Set<string>([...SSH_KEY_TYPES, 'ssh-dss']);
const isKeyType = (word: string) =>
  KNOWN_TYPES.has(word) || /^[a-z0-9-]+(?:@[a-z0-9.-]+)?-cert-v01@openssh\.com$/.test(word);

/** Splits the options of an authorized_keys line (commas outside quotes) from the key. */
export function parseAuthorizedKeyLine(line: string): Omit<AuthorizedKey, 'user' | 'fingerprint'> {
  const text = line.trim();
  let options: string[] = [];
  let rest = text;
  const firstWord = text.split(/\s+/)[0] ?? '';
  if (!isKeyType(firstWord)) {
    let quoted = false;
    let end = text.length;
    for (let index = 0; index < text.length; index += 1) {
      const character = text[index]!;
      if (character === '\\' && quoted) {
        index += 1;
        continue;
      }
      if (character === '"') quoted = !quoted;
      else if (!quoted && /\s/.test(character)) {
        end = index;
        break;
      }
    }
    const optionText = text.slice(0, end);
    rest = text.slice(end).trim();
    const names: string[] = [];
    let current = '';
    let inQuotes = false;
    for (const character of optionText) {
      if (character === '"') inQuotes = !inQuotes;
      if (character === ',' && !inQuotes) {
        names.push(current);
        current = '';
      } else current += character;
    }
    names.push(current);
    options = names.map((option) => option.split('=')[0]!.toLowerCase()).filter((name) => name !== '');
  }
  const [type = '', blob = '', ...comment] = rest.split(/\s+/);
  return {
    type,
    comment: comment.length > 0 ? comment.join(' ') : null,
    options,
    publicKey: [type, blob, ...comment].filter(Boolean).join(' '),
  };
}

const HEADER = 'hostdeck-ssh-keys 1';

/** Reads scripts/ssh-keys/inventory.sh's lines; anything else is an InventoryFormatError. */
export function parseSshKeysInventory(stdout: string): SshKeysInventory {
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (lines[0] !== HEADER) throw new InventoryFormatError('the SSH keys inventory has no header');
  const users: SshKeysInventory['users'] = [];
  const keys: AuthorizedKey[] = [];
  const seen = new Set<string>();
  for (const line of lines.slice(1)) {
    const fields = line.split('\t');
    if (fields[0] === 'user' && fields.length === 4 && /^\d+$/.test(fields[2]!)) {
      users.push({ name: fields[1]!, uid: Number(fields[2]), home: fields[3]! });
      continue;
    }
    if (fields[0] === 'key' && fields.length === 4 && /^SHA256:[A-Za-z0-9+/]{43}$/.test(fields[2]!)) {
      const user = fields[1]!;
      const fingerprint = fields[2]!;
      // One entry per user and key: a key written twice is listed (and removed) once.
      if (seen.has(`${user}\t${fingerprint}`)) continue;
      seen.add(`${user}\t${fingerprint}`);
      keys.push({ user, fingerprint, ...parseAuthorizedKeyLine(fields[3]!) });
      continue;
    }
    throw new InventoryFormatError(`unexpected SSH keys inventory line: ${line.slice(0, 80)}`);
  }
  return { users, keys };
}

/** The public key the ssh-key-github recipe printed (`github-key<TAB>LINE`), or null. */
export function parseGithubKey(stdout: string): string | null {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith('github-key\t'));
  return line ? line.slice('github-key\t'.length).trim() || null : null;
}
