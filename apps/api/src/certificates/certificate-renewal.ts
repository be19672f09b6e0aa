import type { FastifyInstance } from 'fastify';
import { EVENT_STATUS } from '@hostdeck/contracts';
import type { Alerts } from '../alerts/alerts.port.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import { CERTIFICATE_MODEL_TYPE } from './certificate-events.js';
import type { CertificatesRepository } from './certificates.repository.js';

/** How often the panel looks for Let's Encrypt certificates to renew (they are due 30 days ahead). */
export const RENEWAL_CHECK_INTERVAL_MS = 12 * 60 * 60 * 1000;
/** The first look after start, once the workers are up. */
export const RENEWAL_FIRST_CHECK_MS = 5 * 60 * 1000;

/**
 * Scheduled renewal: a timer started when the app is ready, unref'd (it never keeps the process
 * alive) and cleared on close. Each panel process runs it; a certificate whose issuance event has
 * not finished is skipped, so two processes rarely start the same renewal, and a duplicate would
 * only renew twice.
 */
export function startRenewalSchedule(app: FastifyInstance, renewDue: (now: Date) => Promise<unknown>) {
  const timers: NodeJS.Timeout[] = [];
  const check = () => {
    renewDue(new Date()).catch((error: unknown) =>
      app.log.error({ err: error }, 'certificate renewal check failed'),
    );
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(check, RENEWAL_FIRST_CHECK_MS).unref());
    timers.push(setInterval(check, RENEWAL_CHECK_INTERVAL_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}

/**
 * After every certificate event: browsers reload the list and the site (Update-data), and a
 * certificate left `pending` by an event that ended without its task deciding (cancelled, lost
 * to the lease reaper) becomes `failed` with the event's reason.
 */
export function registerCertificateFinishedHandler(dependencies: {
  hooks: EventHooks;
  repository: CertificatesRepository;
  publish: (serverId: number) => Promise<void>;
  /** Notifications: a Let's Encrypt issuance or renewal that failed (docs/alerts.md). */
  alerts?: Pick<Alerts, 'notify'>;
}) {
  dependencies.hooks.onFinished('certificate_', async (event) => {
    if (
      event.modelType === CERTIFICATE_MODEL_TYPE &&
      event.modelId !== null &&
      event.status !== EVENT_STATUS.finished
    ) {
      const row = await dependencies.repository.find(event.modelId);
      if (row?.status === 'pending' && row.type === 'letsencrypt') {
        await dependencies.repository.recordFailure(row.id, event.errorReason ?? event.status);
      }
      // A renewal reuses its issued row (a first issuance's row is pending): only that alerts.
      if (row?.type === 'letsencrypt' && row.status === 'issued' && event.status === EVENT_STATUS.error) {
        await dependencies.alerts?.notify({
          type: 'certificate.renewal_failed',
          subject: { siteId: row.siteId },
          facts: event.errorReason ? { detail: event.errorReason.slice(0, 300) } : {},
        });
      }
    }
    if (event.serverId !== null) await dependencies.publish(event.serverId);
  });
}
