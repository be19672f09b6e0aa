import type {
  customScriptInputSchema,
  CustomScript,
  ScriptReviewState,
  ScriptsQuery,
} from '@hostdeck/contracts';
import type { z } from 'zod';
import { profilePhotoUrl } from '../accounts/profile-photos.js';
import { NotFoundError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import type { Caller } from '../policy/server-policy.js';
import { scriptContentHash } from './script-hash.js';
import type { ScriptRow, ScriptsRepository, ScriptWithAuthor } from './scripts.repository.js';

type ScriptInput = z.output<typeof customScriptInputSchema>;

/** Where a script stands in the review (contracts SCRIPT_REVIEW_STATES). */
export function reviewStateOf(script: ScriptRow): ScriptReviewState {
  if (!script.shared) return 'private';
  if (script.approved && script.approvedHash === scriptContentHash(script.content)) return 'approved';
  if (script.rejectionReason !== null) return 'rejected';
  return 'pending';
}

export function presentScript(
  script: ScriptRow,
  author: Pick<ScriptWithAuthor['author'], 'name' | 'profilePhotoPath' | 'verified'> | null,
): CustomScript {
  const review = reviewStateOf(script);
  return {
    id: script.id,
    memo: script.memo,
    content: script.content,
    shared: script.shared,
    approved: review === 'approved',
    review,
    rejection_reason: review === 'rejected' ? script.rejectionReason : null,
    user: author
      ? { name: author.name, avatar: profilePhotoUrl(author.profilePhotoPath), verified: author.verified }
      : null,
  };
}

/**
 * Custom scripts of the terminal's picker and of `/user/scripts` (spec/001 §2 Terminal, §7
 * api.scripts.index; issue 22 point 6): a user's own scripts (My Scripts), and the shared ones an
 * administrator approved (Share Scripts, `/scripts`), listed only while their content still has
 * the approved hash. Another user's script is invisible: reading, changing or deleting it answers 404.
 */
export function createScriptsService(repository: ScriptsRepository) {
  async function owned(caller: Caller, id: number) {
    const script = await repository.findOwned(caller.id, id);
    if (!script) throw new NotFoundError();
    return script;
  }

  const page = (query: ScriptsQuery) => ({
    page: query.page,
    perPage: query.itemsPerPage,
    search: query.search || undefined,
  });

  return {
    owned,

    async shared(query: ScriptsQuery) {
      const { total, rows } = await repository.listShared(page(query));
      return paginate({
        data: rows.map((row) => presentScript(row.script, row.author)),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/scripts',
      });
    },

    async mine(caller: Caller, query: ScriptsQuery) {
      const { total, rows } = await repository.listOwned(caller.id, page(query));
      return paginate({
        data: rows.map((row) => presentScript(row.script, null)),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/user/scripts',
      });
    },

    /** A shared script is submitted for review (shared, not approved). */
    async create(caller: Caller, input: ScriptInput) {
      const row = await repository.insert({ userId: caller.id, ...input });
      return presentScript(row, null);
    },

    /**
     * A changed memo or content withdraws the approval (and a rejection): shared, it goes back to
     * review, and the approval pins the new content's hash. Unsharing withdraws it too.
     */
    async update(caller: Caller, id: number, input: ScriptInput) {
      const current = await owned(caller, id);
      const unchanged = current.memo === input.memo && current.content === input.content;
      const keep = unchanged && input.shared && current.shared;
      const row = await repository.update(id, {
        ...input,
        approved: keep ? current.approved : false,
        rejectionReason: keep ? current.rejectionReason : null,
      });
      return presentScript(row, null);
    },

    async remove(caller: Caller, id: number) {
      await owned(caller, id);
      await repository.remove(id);
    },
  };
}
export type ScriptsService = ReturnType<typeof createScriptsService>;
