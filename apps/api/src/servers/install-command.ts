import { PANEL_PUBLIC_KEY_PATTERN } from '@hostdeck/recipes';

/**
 * The one line a user pastes into a root shell on their server (connection method `command`): it
 * adds the panel's public key to /root/.ssh/authorized_keys with the modes sshd insists on, once
 * (running it twice adds nothing), without joining the key to a last line that lacks its newline.
 * No password ever reaches the panel this way.
 *
 * The key is the panel's own (checked against the exact pattern it generates), so it can be put
 * in single quotes as it is.
 */
export function installCommand(publicKey: string): string {
  if (!PANEL_PUBLIC_KEY_PATTERN.test(publicKey)) throw new Error('Not a panel public key');
  const file = '/root/.ssh/authorized_keys';
  const key = `'${publicKey}'`;
  return [
    'mkdir -p /root/.ssh',
    'chmod 700 /root/.ssh',
    `touch ${file}`,
    `chmod 600 ${file}`,
    `{ grep -qxF ${key} ${file} || { { [ ! -s ${file} ] || [ -z "$(tail -c 1 ${file})" ] || echo; } && echo ${key}; } >> ${file}; }`,
  ].join(' && ');
}
