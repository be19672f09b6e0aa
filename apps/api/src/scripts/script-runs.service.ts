import {
  SCRIPT_MODEL_TYPE,
  SCRIPT_RUN_EVENT_TYPE,
  type RunScriptRequest,
  type RunScriptResponse,
} from '@hostdeck/contracts';
import { NotFoundError } from '../domain/errors.js';
import { presentEvent } from '../events/event-presenter.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { ScriptRow, ScriptsRepository } from './scripts.repository.js';

/** The panel task behind a script run (jobs/event-hooks.ts); see script-run-task.ts. */
export const SCRIPT_RUN_TASK = 'custom-script-run';

export interface NamedCaller extends Caller {
  name: string;
}

/**
 * Runs a custom script on servers the caller may manage (issue 22 point 6): one event per server,
 * each running the script as root with its output streamed live. Every server is checked before
 * any event starts (one the caller cannot see: 404; one they may only view: 403), so a refused
 * server starts nothing. The content run is the one read now, sealed with the event's input; the
 * event's description names the script by its memo, never its content.
 */
export function createScriptRunsService(dependencies: {
  repository: Pick<ScriptsRepository, 'findOwned' | 'findListed'>;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  events: Pick<EventsService, 'startTask'>;
}) {
  const { repository, policy, events } = dependencies;

  async function run(caller: NamedCaller, script: ScriptRow, request: RunScriptRequest) {
    const servers = [];
    for (const serverId of request.servers) {
      // A script runs as root: the same power as the root terminal, so the same permission.
      servers.push(await policy.authorizeServer(caller, serverId, 'terminal'));
    }
    const started: RunScriptResponse['data'] = [];
    for (const server of servers) {
      const event = await events.startTask({
        userId: caller.id,
        serverId: server.id,
        task: SCRIPT_RUN_TASK,
        input: { script_id: script.id, content: script.content },
        type: SCRIPT_RUN_EVENT_TYPE,
        description: { id: 'runCustomScript', values: { script: script.memo } },
        modelId: script.id,
        modelType: SCRIPT_MODEL_TYPE,
      });
      started.push(presentEvent(event, { name: caller.name, photo: null, serverName: server.name }));
    }
    return { data: started };
  }

  return {
    /** The caller's own script, whatever its review state. */
    async runOwn(caller: NamedCaller, scriptId: number, request: RunScriptRequest) {
      const script = await repository.findOwned(caller.id, scriptId);
      if (!script) throw new NotFoundError();
      return run(caller, script, request);
    },

    /** A marketplace script: only while it is listed (shared, approved, content unchanged). */
    async runShared(caller: NamedCaller, scriptId: number, request: RunScriptRequest) {
      const script = await repository.findListed(scriptId);
      if (!script) throw new NotFoundError();
      return run(caller, script, request);
    },
  };
}
export type ScriptRunsService = ReturnType<typeof createScriptRunsService>;
