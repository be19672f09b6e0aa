import { z } from 'zod';
import { isOrigin, isPublicKeyPem } from './agent-protocol.js';
import { eventSchema } from './events.js';
import { defineRoutes } from './route-contract.js';

/**
 * The agent (apps/agent) and the panel calls around it (spec/001 §7, spec/000 §7 agent token,
 * install and changelog). Tokens: ARCHITECTURE.md, Agent.
 */

export * from './agent-protocol.js';

/** An origin as browsers send it (isOrigin): `https://panel.example.com`, `http://localhost:3000`. */
export const originSchema = z.string().refine(isOrigin, { message: 'Invalid origin' });
/** A PEM SPKI public key (the panel's Ed25519 key). */
export const publicKeyPemSchema = z.string().refine(isPublicKeyPem, { message: 'Invalid public key' });

/** GET {agent}/version: public, the installed version. */
export const agentVersionResponseSchema = z.object({ version: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Panel calls

export const serverAgentTokenRequestSchema = z.object({ server: z.coerce.number().int().positive() });
export const siteAgentTokenRequestSchema = z.object({ site: z.coerce.number().int().positive() });
export const agentInstallQuerySchema = z.object({ web: z.unknown().optional() });
export const agentChangelogQuerySchema = z.object({
  /** The version the server runs: entries newer than it (all entries without it). */
  version: z.coerce.number().int().min(0).optional(),
});

/**
 * The answer of the token calls (spec/001 §7). `token`: the file token (X-HostDeck header).
 * `direct`: a single-use terminal token for the agent's /direct. `remote`: a single-use terminal
 * token for the panel's remote-terminal gateway; never a private key (ARCHITECTURE.md, Terminal).
 * `endpoint.public`: the agent itself (https when it has a certificate); `endpoint.private`: the
 * panel's file proxy, used when the public one is not https.
 */
export const agentTokenResponseSchema = z.object({
  token: z.string(),
  direct: z.string(),
  remote: z.string(),
  /** Unix seconds when `token` expires: ask again before. */
  expires_at: z.number().int(),
  endpoint: z.object({ public: z.string(), private: z.string() }),
});
export type AgentTokenResponse = z.infer<typeof agentTokenResponseSchema>;

export const agentChangelogEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
});
export type AgentChangelogEntry = z.infer<typeof agentChangelogEntrySchema>;
export const agentChangelogResponseSchema = z.object({ data: z.array(agentChangelogEntrySchema) });

/** The install (upgrade) call answers 201 with the `install_agent` event (spec/000 §4). */
export const agentInstallResponseSchema = z.object({ data: eventSchema });

/** The event type of an agent install or upgrade (spec/001 §3). */
export const AGENT_INSTALL_EVENT_TYPE = 'install_agent';

export const agentRoutes = defineRoutes({
  serverToken: {
    method: 'POST',
    path: '/api/servers/agent/token',
    body: serverAgentTokenRequestSchema,
    response: agentTokenResponseSchema,
  },
  siteToken: {
    method: 'POST',
    path: '/api/sites/agent/token',
    body: siteAgentTokenRequestSchema,
    response: agentTokenResponseSchema,
  },
  /** Query flag `web` (spec/001 §7). */
  install: {
    method: 'POST',
    path: '/api/servers/agent/install',
    body: serverAgentTokenRequestSchema,
    query: agentInstallQuerySchema,
    response: agentInstallResponseSchema,
  },
  /** Public (spec/000 §7): query `version`. */
  changelog: {
    method: 'GET',
    path: '/api/agent-changelog',
    query: agentChangelogQuerySchema,
    response: agentChangelogResponseSchema,
  },
});
