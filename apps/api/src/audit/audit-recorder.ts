import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountRoutes } from '@hostdeck/contracts';
import { socialiteRoutes } from '@hostdeck/contracts/socialites';
import { findUserByEmail } from '../accounts/users.repository.js';
import { findSessionByToken, SESSION_COOKIE } from '../auth/sessions.repository.js';
import type { Database } from '../database/database.js';
import type { AuditParams } from '../database/schema.js';
import { runInAuditScope, type AuditScope } from './audit-context.js';
import type { AuditLogsRepository } from './audit-logs.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on requests the audit log records (audit-recorder.ts); null on the others. */
    audit: (AuditScope & { serverId: number | null; teamId: number | null }) | null;
  }
}

/** Reads change nothing: they are not recorded. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Public routes that are recorded all the same, with the account when it is known: signing in
 * (both steps, failures too), registering and resetting a password. The other public routes
 * answer machines (cron, git hosts) with their own tokens and are not a user's action.
 */
const RECORDED_PUBLIC_ROUTES = new Set(
  [
    accountRoutes.login,
    accountRoutes.twoFactorChallenge,
    accountRoutes.register,
    accountRoutes.resetPassword,
    // Social sign-in and sign-up (socialites): the callback opens the session.
    socialiteRoutes.callback,
  ].map((entry) => `${entry.method} ${entry.path}`),
);

const MAX_PARAM_LENGTH = 120;
const MAX_USER_AGENT_LENGTH = 512;

/** The route's parameters as ids where they are digits: object ids, never a body or a query. */
function paramsOf(request: FastifyRequest): AuditParams {
  const params: AuditParams = {};
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'number') params[name] = value;
    else if (typeof value === 'string')
      params[name] = /^\d{1,9}$/.test(value) ? Number(value) : value.slice(0, MAX_PARAM_LENGTH);
  }
  return params;
}

const idParam = (params: AuditParams, name: string) =>
  typeof params[name] === 'number' ? (params[name] as number) : null;

/** The session token a sign-in just set (the cookie plugin has written its header by now). */
function sessionTokenSetBy(reply: FastifyReply): string | null {
  const header = reply.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  for (const cookie of cookies) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return null;
}

/**
 * The audit log's one writer (issue 22 point 4, docs/audit-log.md): every change a signed-in user
 * asks for (any method but GET/HEAD/OPTIONS), refused ones too, and the sign-in routes. Bodies are
 * never read into the log (they hold passwords and keys). Registered before the areas' routes (its
 * hooks apply to the routes registered after it: areas.ts lists the audit area early).
 */
export const auditRecorder = fp(async function auditRecorderPlugin(
  app: FastifyInstance,
  options: { db: Database; repository: AuditLogsRepository },
) {
  const { db, repository } = options;
  app.decorateRequest('audit', null);

  const recorded = (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (url === undefined || READ_METHODS.has(request.method)) return false;
    if (request.user) return true;
    return RECORDED_PUBLIC_ROUTES.has(`${request.method} ${url}`);
  };

  // After the body is parsed (a context entered earlier can be lost to the stream's callbacks):
  // the handler, and every event it creates, run inside the scope.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!recorded(request)) return done();
    const scope: NonNullable<FastifyRequest['audit']> = { eventIds: [], serverId: null, teamId: null };
    request.audit = scope;
    // The objects a route names only through another (a site's server, an invitation's team) are
    // looked up before the handler runs: a delete leaves nothing to look up after.
    const params = paramsOf(request);
    repository
      .ownersOf({ siteId: idParam(params, 'site'), invitationId: idParam(params, 'invitation') })
      .then((owners) => {
        scope.serverId = owners.serverId;
        scope.teamId = owners.teamId;
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit: looking up the owners failed'))
      .finally(() => runInAuditScope(scope, done));
  });

  const written = new WeakSet<FastifyRequest>();

  async function write(request: FastifyRequest, status: number, reply: FastifyReply) {
    written.add(request);
    try {
      const params = paramsOf(request);
      const userId = request.user?.id ?? (await accountOf(request, reply));
      await repository.insert({
        userId,
        method: request.method,
        route: request.routeOptions.url!,
        params,
        serverId: idParam(params, 'server') ?? request.audit?.serverId ?? null,
        siteId: idParam(params, 'site'),
        teamId: idParam(params, 'team') ?? request.audit?.teamId ?? null,
        status,
        ipAddress: request.ip.slice(0, 64),
        userAgent: request.headers['user-agent']?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
        eventId: request.audit?.eventIds[0] ?? null,
      });
    } catch (error) {
      // The answer still goes out: the action happened; the failure is in the panel's log.
      request.log.error({ err: error }, 'audit: writing the entry failed');
    }
  }

  // onSend, not onResponse: the entry is written before the caller sees the answer, so what a
  // user was told happened is in the log. Refusals by earlier hooks (401, 403, 429, a validation
  // error) reach here too, without a scope.
  app.addHook('onSend', async (request, reply, payload) => {
    if (recorded(request) && !written.has(request)) await write(request, reply.statusCode, reply);
    return payload;
  });
  // A hijacked reply (the agent's file proxy streams its answer itself) skips onSend: recorded
  // once it has been sent, with the status that went out.
  app.addHook('onResponse', async (request, reply) => {
    if (recorded(request) && !written.has(request)) await write(request, reply.raw.statusCode, reply);
  });

  /** A public route's account: the session it opened, else the account a sign-in named. */
  async function accountOf(request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
    const token = sessionTokenSetBy(reply);
    if (token) {
      const session = await findSessionByToken(db, token);
      if (session) return session.user.id;
    }
    const body = request.body as { email?: unknown } | undefined;
    if (request.routeOptions.url === accountRoutes.login.path && typeof body?.email === 'string') {
      return (await findUserByEmail(db, body.email))?.id ?? null;
    }
    return null;
  }
});
