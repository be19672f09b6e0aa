import type { FastifyInstance } from 'fastify';
import type { AlertsRepository } from './alerts.repository.js';
import type { AlertsService } from './alerts.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first look after start (once the app is up), then once a day. */
const FIRST_CHECK_MS = 10 * 60 * 1000;

/**
 * `certificate.expiring`: once per certificate and expiry date (alert_notices), for the
 * active issued certificates that expire within `days`. A renewed certificate has a new expiry date,
 * so it can alert again the next time it nears its end.
 */
export async function checkExpiringCertificates(
  dependencies: { repository: AlertsRepository; alerts: Pick<AlertsService, 'notifyOnce'>; days: number },
  now = new Date(),
): Promise<number> {
  const { repository, alerts, days } = dependencies;
  let sent = 0;
  for (const certificate of await repository.expiringCertificates(new Date(now.getTime() + days * DAY_MS))) {
    const date = certificate.expiresAt!.toISOString().slice(0, 10);
    const domains = Array.isArray(certificate.domains) ? (certificate.domains as string[]) : [];
    const first = await alerts.notifyOnce(`certificate:${certificate.id}:${date}`, {
      type: 'certificate.expiring',
      subject: { siteId: certificate.siteId },
      facts: { date, ...(domains.length > 0 ? { domains: domains.join(', ') } : {}) },
    });
    if (first) sent += 1;
  }
  return sent;
}

/** The daily check: a timer set when the app is ready, unref'd, cleared on close. */
export function scheduleCertificateExpiryChecks(
  app: FastifyInstance,
  dependencies: { repository: AlertsRepository; alerts: Pick<AlertsService, 'notifyOnce'>; days: number },
) {
  const timers: NodeJS.Timeout[] = [];
  const check = () => {
    checkExpiringCertificates(dependencies).catch((error: unknown) =>
      app.log.error({ err: error }, 'certificate expiry check failed'),
    );
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(check, FIRST_CHECK_MS).unref());
    timers.push(setInterval(check, DAY_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
