import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sshKeyGithubRoute,
  sshKeysSection,
  sshKeyUsersRoute,
  type SshKey,
} from '@hostdeck/contracts/ssh-keys';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';
import { serverDetailKey } from '../../api/panel-queries';
import { sectionListKey } from '../../server-sections/section-api';

/** GET …/ssh-keys/users: root and the users of uid ≥ 1000 with a home, read from the server. */
export function useSshKeyUsers(serverId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...sectionListKey(sshKeysSection, serverId), 'users'],
    queryFn: () =>
      apiGetParsed(apiPath(sshKeyUsersRoute.path, { server: serverId }), sshKeyUsersRoute.response),
    enabled,
    staleTime: 30_000,
  });
}

/** POST …/ssh-key-github: makes the server's GitHub key once, then the server detail shows it. */
export function useMakeGithubKey(serverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        apiPath(sshKeyGithubRoute.path, { server: serverId }),
        undefined,
        sshKeyGithubRoute.response,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: serverDetailKey(serverId) }),
  });
}

/** One row per key, its users together: the same key in two users' files is one row. */
export interface SshKeyRow {
  fingerprint: string;
  type: string;
  comment: string | null;
  panel: boolean;
  users: { user: string; options: string[]; panel: boolean }[];
}

export function groupSshKeys(keys: readonly SshKey[]): SshKeyRow[] {
  const rows = new Map<string, SshKeyRow>();
  for (const key of keys) {
    const row = rows.get(key.fingerprint) ?? {
      fingerprint: key.fingerprint,
      type: key.type,
      comment: key.comment,
      panel: false,
      users: [],
    };
    row.panel ||= key.panel;
    row.users.push({ user: key.user, options: key.options, panel: key.panel });
    rows.set(key.fingerprint, row);
  }
  return [...rows.values()];
}
