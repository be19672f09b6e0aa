import type { customScriptInputSchema, CustomScript, ScriptsQuery } from '@hostdeck/contracts';
import type { z } from 'zod';
import { profilePhotoUrl } from '../accounts/profile-photos.js';
import { NotFoundError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import type { Caller } from '../policy/server-policy.js';
import type { ScriptRow, ScriptsRepository, ScriptWithAuthor } from './scripts.repository.js';

type ScriptInput = z.output<typeof customScriptInputSchema>;

function presentScript(script: ScriptRow, author: ScriptWithAuthor['author'] | null): CustomScript {
  return {
    id: script.id,
    memo: script.memo,
    content: script.content,
    shared: script.shared,
    approved: script.approved,
    user: author
      ? { name: author.name, avatar: profilePhotoUrl(author.profilePhotoPath), verified: author.verified }
      : null,
  };
}

/**
 * Custom scripts of the terminal's picker (spec/001 §2 Terminal, §7 api.scripts.index): a user's
 * own scripts (My Scripts), and the shared ones an administrator approved (Share Scripts). Another
 * user's script is invisible: reading, changing or deleting it answers 404.
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

    async create(caller: Caller, input: ScriptInput) {
      const row = await repository.insert({ userId: caller.id, ...input });
      return presentScript(row, null);
    },

    /** A changed memo or content withdraws the approval: an administrator approves the new text. */
    async update(caller: Caller, id: number, input: ScriptInput) {
      const current = await owned(caller, id);
      const unchanged = current.memo === input.memo && current.content === input.content;
      const row = await repository.update(id, {
        ...input,
        approved: unchanged && input.shared ? current.approved : false,
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
