import { defineArea } from '../area.js';
import { createAlertChannelsService } from './alert-channels.service.js';
import { createAlertsRepository } from './alerts.repository.js';
import { alertsRoutes } from './alerts.routes.js';
import { alertsVi } from './alerts.vi.js';
import { scheduleCertificateExpiryChecks } from './certificate-expiry.js';

/**
 * Notifications (issue 23 point 3, docs/alerts.md): channels, the channel × alert type matrix,
 * Telegram linking, and the daily certificate expiry check. The delivery itself (`panel.alerts`,
 * the `Alerts` port) is built by the composition root, so every area can call it.
 */
export const alertsArea = defineArea({
  name: 'alerts',
  services: (panel) => ({
    alertChannels: createAlertChannelsService({
      repository: createAlertsRepository(panel.db),
      alerts: panel.alerts,
      secretBox: panel.secretBox,
      brand: panel.config.brand,
      telegram: panel.config.alerts.telegram,
      outbound: { allowHosts: panel.config.alerts.outboundAllowHosts },
    }),
  }),
  routes: alertsRoutes,
  schedules: (app, context) =>
    scheduleCertificateExpiryChecks(app, {
      repository: createAlertsRepository(context.db),
      alerts: context.alerts,
      days: context.config.alerts.certificateDays,
    }),
  messages: alertsVi,
});
