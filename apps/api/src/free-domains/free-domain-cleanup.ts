import type { FastifyInstance } from 'fastify';

/** How often the panel deletes the records of free domains whose 14 days are over. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** The first pass after start, once the panel is up. */
export const CLEANUP_FIRST_MS = 2 * 60 * 1000;

/**
 * The scheduled cleanup of free domains (spec/000 §9: records deleted after 14 days): a timer
 * started when the app is ready, unref'd and cleared on close. Each panel process runs it; a
 * record deleted twice is deleted once (the second finds it gone), and a failed delete is
 * retried at the next pass.
 */
export function startFreeDomainCleanup(app: FastifyInstance, cleanupDue: (now: Date) => Promise<unknown>) {
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    cleanupDue(new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'free domain cleanup failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(pass, CLEANUP_FIRST_MS).unref());
    timers.push(setInterval(pass, CLEANUP_INTERVAL_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
