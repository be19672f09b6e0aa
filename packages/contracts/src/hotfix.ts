import { z } from 'zod';
import { eventSchema } from './events.js';

/**
 * The hotfix loop of spec/000 §2, §4, §7. A user carries the hotfix flag while a fix needs their
 * action: today, servers they manage that run an older agent than this panel ships. The dialog
 * lists what will run (GET api/hotfix) beside the change log (GET api/agent-changelog), and
 * POST api/hotfix starts the events, answering them (201, "data is a list of events").
 */
export const hotfixItemSchema = z.object({
  /** What the fix does on that server: the agent upgrade (an install_agent event). */
  kind: z.literal('agent'),
  server_id: z.number().int(),
  server_name: z.string(),
  /** The agent version the server runs now; the change log starts after it. */
  agent_version: z.number().int(),
  /** An install_agent event of this server is still unfinished: nothing new starts for it. */
  busy: z.boolean(),
});
export type HotfixItem = z.infer<typeof hotfixItemSchema>;
export const hotfixListResponseSchema = z.object({ data: z.array(hotfixItemSchema) });
export const hotfixRunResponseSchema = z.object({ data: z.array(eventSchema) });

export const hotfixRoutes = {
  list: { method: 'GET', path: '/api/hotfix', response: hotfixListResponseSchema },
  run: { method: 'POST', path: '/api/hotfix', response: hotfixRunResponseSchema },
} as const;
