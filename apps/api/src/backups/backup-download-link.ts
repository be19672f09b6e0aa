import { randomBytes } from 'node:crypto';
import { AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS, type AgentTokenPayload } from '@hostdeck/contracts';
import type { AgentSigner } from '../agent/agent-keys.js';
import { agentPublicEndpoint } from '../agent/agent-endpoint.js';
import type { Database } from '../database/database.js';
import type { ServersRepository } from '../servers/servers.repository.js';

/**
 * The single-use agent link of a prepared backup archive (as databases/dump-download.ts does for
 * dumps): `files:download` only, 60 seconds, root confined to the downloads folder and bound to the
 * one file. Null when the server has no agent (the archive cannot stream through the panel).
 */
export function createBackupDownloadLinks(options: {
  db: Database;
  servers: Pick<ServersRepository, 'findRow'>;
  signer: Pick<AgentSigner, 'sign'>;
}) {
  return async (serverId: number, path: string): Promise<string | null> => {
    const server = await options.servers.findRow(serverId);
    if (!server || server.agentVersion === null) return null;
    const root = path.slice(0, path.lastIndexOf('/'));
    const payload: AgentTokenPayload = {
      v: 1,
      server: server.id,
      site: null,
      root,
      user: 'root',
      ops: ['files:download'],
      exp: Math.floor(Date.now() / 1000) + AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
      jti: randomBytes(18).toString('base64url'),
      path,
    };
    const query = new URLSearchParams({ path, root, token: options.signer.sign(payload) });
    const endpoint = (await agentPublicEndpoint(options.db, { id: server.id, ip: server.ip })).replace(
      /\/+$/,
      '',
    );
    return `${endpoint}/files/download?${query}`;
  };
}
