import {
  ADMIN_MESSAGES,
  type AdminServer,
  type AdminUser,
  type PageQuery,
  type ReviewScript,
} from '@hostdeck/contracts';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import { scriptContentHash } from '../scripts/script-hash.js';
import type { ScriptsRepository } from '../scripts/scripts.repository.js';
import { presentScript, reviewStateOf } from '../scripts/scripts.service.js';
import type { AdminCandidate, AdminPolicy } from './admin-policy.js';
import type { AdminRepository } from './admin.repository.js';
import type { ShellcheckResult } from './shellcheck.js';

/**
 * The panel administrators' area (issue 22 point 6, docs/scripts.md). Policy first: for anyone who
 * is not an administrator every call answers 404. Review: the shared scripts waiting, each with
 * shellcheck's findings; approving pins the sha256 of the content the administrator read (a
 * script changed since answers 409), rejecting keeps the reason for the author. Users and servers
 * are read-only lists.
 */
export function createAdminService(dependencies: {
  policy: AdminPolicy;
  repository: AdminRepository;
  scripts: Pick<ScriptsRepository, 'listPending' | 'findById' | 'approve' | 'reject'>;
  shellcheck: (content: string) => Promise<ShellcheckResult>;
}) {
  const { policy, repository, scripts } = dependencies;

  /** A script waiting for review; any other answers 409 (already reviewed) or 404. */
  async function pending(id: number) {
    const script = await scripts.findById(id);
    if (!script || !script.shared) throw new NotFoundError();
    if (reviewStateOf(script) !== 'pending') throw new ConflictError(ADMIN_MESSAGES.notPending);
    return script;
  }

  return {
    async pendingScripts(caller: AdminCandidate, query: PageQuery) {
      await policy.authorize(caller);
      const { total, rows } = await scripts.listPending({ page: query.page, perPage: query.itemsPerPage });
      const data: ReviewScript[] = [];
      // One at a time: a page is at most 100 scripts, and shellcheck is one process each.
      for (const { script, author } of rows) {
        const checked = await dependencies.shellcheck(script.content);
        data.push({
          id: script.id,
          memo: script.memo,
          content: script.content,
          content_hash: scriptContentHash(script.content),
          author: { id: author.id, name: author.name, email: author.email },
          updated_at: script.updatedAt.toISOString(),
          findings: checked.findings,
          shellcheck_error: checked.error,
        });
      }
      return paginate({
        data,
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/admin/scripts',
      });
    },

    async approve(caller: AdminCandidate, id: number, contentHash: string) {
      await policy.authorize(caller);
      await pending(id);
      const approved = await scripts.approve(id, contentHash);
      if (!approved) throw new ConflictError(ADMIN_MESSAGES.scriptChanged);
      return { data: presentScript(approved, null) };
    },

    async reject(caller: AdminCandidate, id: number, reason: string) {
      await policy.authorize(caller);
      await pending(id);
      return { data: presentScript(await scripts.reject(id, reason), null) };
    },

    async users(caller: AdminCandidate, query: PageQuery) {
      await policy.authorize(caller);
      const isAdmin = await policy.adminRule();
      const { total, rows } = await repository.listUsers(query.page, query.itemsPerPage);
      const data: AdminUser[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        email_verified: row.emailVerifiedAt !== null,
        is_admin: row.emailVerifiedAt !== null && isAdmin(row),
        created_at: row.createdAt.toISOString(),
      }));
      return paginate({
        data,
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/admin/users',
      });
    },

    async servers(caller: AdminCandidate, query: PageQuery) {
      await policy.authorize(caller);
      const { total, rows } = await repository.listServers(query.page, query.itemsPerPage);
      const data: AdminServer[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        ip: row.ip,
        owner: { id: row.ownerId, name: row.ownerName, email: row.ownerEmail },
        created_at: row.createdAt.toISOString(),
      }));
      return paginate({
        data,
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/admin/servers',
      });
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
