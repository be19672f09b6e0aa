import { SSH_MESSAGES, type SshdSetting } from '@hostdeck/contracts/ssh';

/** How the panel logs in to the server (servers.ssh_user; its key once installed, else the password). */
export interface PanelLogin {
  user: string;
  auth: 'key' | 'password';
}

/** A setting that would surely refuse the panel's own login: the field, the message and its values. */
export interface LockoutProblem {
  keyword: string;
  message: string;
  values: Record<string, string>;
}

/** sshd's pattern match (`*`, `?`), whole word, case-sensitive as for user names. */
function matchesPattern(pattern: string, text: string): boolean {
  const expression = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${expression}$`).test(text);
}

/**
 * The settings that surely lock the panel out (SECURITY.md, lockout): refused before anything runs.
 * What depends on things the panel cannot know here (a host part of AllowUsers, groups) passes, and
 * safe apply puts it back if the panel cannot log in again.
 */
export function findLockout(settings: readonly SshdSetting[], panel: PanelLogin): LockoutProblem | null {
  const value = (keyword: string) =>
    settings.find((setting) => setting.keyword.toLowerCase() === keyword.toLowerCase())?.value;
  const problem = (keyword: string, message: string, values: Record<string, string> = {}) => ({
    keyword,
    message,
    values,
  });
  const root = value('PermitRootLogin')?.toLowerCase();
  if (panel.user === 'root' && root) {
    if (root === 'no' || root === 'forced-commands-only')
      return problem('PermitRootLogin', SSH_MESSAGES.rootLoginOff);
    if ((root === 'prohibit-password' || root === 'without-password') && panel.auth === 'password') {
      return problem('PermitRootLogin', SSH_MESSAGES.rootPasswordOff);
    }
  }
  if (panel.auth === 'password' && value('PasswordAuthentication')?.toLowerCase() === 'no') {
    return problem('PasswordAuthentication', SSH_MESSAGES.passwordOff);
  }
  if (panel.auth === 'key' && value('PubkeyAuthentication')?.toLowerCase() === 'no') {
    return problem('PubkeyAuthentication', SSH_MESSAGES.pubkeyOff);
  }
  const userPart = (pattern: string) => pattern.split('@')[0]!;
  const allow = value('AllowUsers');
  if (allow && !allow.split(' ').some((pattern) => matchesPattern(userPart(pattern), panel.user))) {
    return problem('AllowUsers', SSH_MESSAGES.userNotAllowed, { user: panel.user });
  }
  const deny = value('DenyUsers');
  if (deny?.split(' ').some((pattern) => !pattern.includes('@') && matchesPattern(pattern, panel.user))) {
    return problem('DenyUsers', SSH_MESSAGES.userDenied, { user: panel.user });
  }
  const methods = value('AuthenticationMethods');
  if (methods && methods.toLowerCase() !== 'any') {
    const own = panel.auth === 'key' ? 'publickey' : 'password';
    const alone = methods.split(' ').some((list) => list === own);
    if (!alone) return problem('AuthenticationMethods', SSH_MESSAGES.methodsOff, { method: own });
  }
  return null;
}
