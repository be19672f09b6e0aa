import type { FileDialogContext } from './types';

/** root, the server's default Linux user, then the system users, each once (spec/001 §2). */
export function chownUsers(users: FileDialogContext['serverUsers']): string[] {
  return [
    ...new Set(
      ['root', users.defaultLinuxUser, ...users.systemUsers].filter((name): name is string => !!name),
    ),
  ];
}

/** The first item's 'user:group', split; defaults to the default Linux user. */
export function initialOwnership(
  owner: string | undefined,
  fallback: string,
): { owner: string; group: string } {
  const [user, group] = (owner ?? '').split(':');
  return { owner: user || fallback, group: group || user || fallback };
}
