import { AGENT_PORT } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { createSitesRepository } from '../sites/sites.repository.js';

/**
 * The agent's public endpoint (spec/000 §9: "http by IP, or https and wss by site name if it has
 * a certificate"; spec/001 §7 picks it when it starts with https). The agent site is the server's
 * site whose proxy_port is AGENT_PORT (spec/000 §3): its nginx vhost terminates TLS and proxies
 * to the agent on 127.0.0.1:2022, so the browser reaches the agent at https://{site name}.
 */
export async function agentPublicEndpoint(
  db: Database,
  server: { id: number; ip: string },
  now: Date = new Date(),
): Promise<string> {
  const name = await findAgentHttpsName(db, server.id, now);
  if (name) return `https://${name}`;
  const host = server.ip.includes(':') ? `[${server.ip}]` : server.ip;
  return `http://${host}:${AGENT_PORT}`;
}

/**
 * The name of an enabled agent site of the server whose active certificate is issued, still valid
 * at `now` and made out for that name; null when there is none. An expired or inactive
 * certificate must not be offered: the browser would refuse the TLS handshake and every file call
 * would fail, where the panel's proxy (the private endpoint) still works.
 */
export async function findAgentHttpsName(db: Database, serverId: number, now: Date): Promise<string | null> {
  const candidates = await createSitesRepository(db).withValidCertificateOnPort(serverId, AGENT_PORT, now);
  const match = candidates.find((row) => certificateCovers(row.domains, row.name));
  return match?.name ?? null;
}

/** The certificate names `name` itself, or a wildcard one level above it (*.example.com). */
function certificateCovers(domains: unknown, name: string): boolean {
  if (!Array.isArray(domains)) return false;
  const parent = name.slice(name.indexOf('.') + 1);
  return domains.some((domain) => domain === name || (name.includes('.') && domain === `*.${parent}`));
}
