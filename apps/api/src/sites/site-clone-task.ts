import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  CLONE_CHUNK_BYTES,
  siteApply,
  siteFilesExport,
  siteFilesImport,
  type Recipe,
  type RecipeInput,
  type RecipeInputSchema,
} from '@hostdeck/recipes';
import type { Database } from '../database/database.js';
import { eventError } from '../jobs/event-error.js';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import { runRecipe } from '../jobs/recipe-runner.js';
import type { RemoteExecutor, RemoteSession } from '../remote/remote-executor.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { CONNECT_TIMEOUT_MS } from '../servers/server-remote.js';
import { SITE_EVENTS } from './site-events.js';
import { buildSiteApplyInput } from './site-state.js';
import { siteApplyRecipeInput } from './site-tasks.js';
import type { SitesRepository } from './sites.repository.js';

/** Larger sites are refused: the archive sits in a temp file on both servers while it is copied. */
export const CLONE_MAX_BYTES = 8 * 1024 ** 3;

const cloneTaskInputSchema = z.object({ site_id: z.number().int(), source_site_id: z.number().int() });
export type CloneTaskInput = z.infer<typeof cloneTaskInputSchema>;

/**
 * Runs a one-step clone recipe over `session` (the source's or the target's) through the recipe
 * runner. Its stdout is returned (a chunk of base64 at most, for `read`) and, unless `quiet`, also
 * written to the event's output; a failure throws with the script's error lines. The task checks
 * cancellation itself between chunks, and a transport failure is not retried: a half-copied chunk
 * cannot be told from a whole one.
 */
async function runCloneStep<S extends RecipeInputSchema>(
  context: EventTaskContext,
  session: RemoteSession,
  recipe: Recipe<S>,
  input: RecipeInput<S>,
  quiet = false,
): Promise<string> {
  const { stdout } = await runRecipe(session, recipe, input, {
    write: context.write,
    quietStdout: quiet,
    quietTitles: true,
    signal: context.signal,
    errorDetail: true,
    limits: (step) => ({ totalTimeoutMs: step.timeoutMs, idleTimeoutMs: step.timeoutMs }),
  });
  return stdout;
}

/**
 * site_clone, on the target server: applies the new site, then copies the source site's files.
 * A second SSH session reaches the source server. RemoteSession.run hands stdout over as text and
 * takes stdin whole, so a tar stream cannot be piped from one session into the other; instead the
 * source packs a temp archive, the panel moves it in 4 MiB chunks (base64 out of one session, into
 * the other's stdin, one chunk in memory at a time), and the target unpacks it as the site's user.
 * Both temp files are removed however the copy ends.
 */
export function registerSiteCloneTask(
  hooks: EventHooks,
  dependencies: {
    db: Database;
    repository: SitesRepository;
    executor: RemoteExecutor;
    connections: Pick<ServerConnections, 'resolveTarget'>;
  },
) {
  const { db, repository } = dependencies;

  hooks.registerTask(SITE_EVENTS.clone.task, async (context) => {
    const input = cloneTaskInputSchema.parse(context.input);
    const site = await repository.findById(input.site_id);
    const source = await repository.findById(input.source_site_id);
    if (!site || !source) throw eventError('siteGone');
    await context.runRecipe(siteApply, siteApplyRecipeInput(await buildSiteApplyInput(db, site)));

    context.write(`\n==> Copy the files of ${source.name}\n`);
    const sourceSession = await dependencies.executor.connect(
      await dependencies.connections.resolveTarget(source.serverId),
      { connectTimeoutMs: CONNECT_TIMEOUT_MS, signal: context.signal },
    );
    const token = randomBytes(16).toString('hex');
    const exported = { site: source.name, linux_user: source.linuxUser, token };
    const imported = { site: site.name, linux_user: site.linuxUser, token };
    try {
      const packed = await runCloneStep(context, sourceSession, siteFilesExport, {
        ...exported,
        action: 'pack',
      });
      const size = Number(/^size=([0-9]+)$/m.exec(packed)?.[1] ?? Number.NaN);
      if (!Number.isSafeInteger(size)) throw eventError('cloneSizeUnknown');
      if (size > CLONE_MAX_BYTES) {
        throw eventError('cloneTooLarge', { size, limit: CLONE_MAX_BYTES });
      }
      for (let offset = 0; offset < size; offset += CLONE_CHUNK_BYTES) {
        if (await context.isCancelRequested()) throw eventError('cancelledWhileCopying');
        const length = Math.min(CLONE_CHUNK_BYTES, size - offset);
        const chunk = await runCloneStep(
          context,
          sourceSession,
          siteFilesExport,
          { ...exported, action: 'read', offset, length },
          true,
        );
        await runCloneStep(context, context.session, siteFilesImport, {
          ...imported,
          action: 'append',
          chunk: Buffer.from(chunk.trim(), 'ascii'),
        });
        context.write(`copied ${Math.round(((offset + length) / size) * 100)}% of ${size} bytes\n`);
      }
      await runCloneStep(context, context.session, siteFilesImport, { ...imported, action: 'extract' });
    } finally {
      await runCloneStep(
        context,
        sourceSession,
        siteFilesExport,
        { ...exported, action: 'clean' },
        true,
      ).catch(() => {});
      await runCloneStep(
        context,
        context.session,
        siteFilesImport,
        { ...imported, action: 'clean' },
        true,
      ).catch(() => {});
      await sourceSession.close().catch(() => {});
    }
  });
}
