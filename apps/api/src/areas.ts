import { bind9Area } from './bind9/bind9.area.js';
import { dnsProvidersArea } from './dns-providers/dns-providers.area.js';
import { vpsArea } from './vps/vps.area.js';
import { gitProvidersArea } from './git-providers/git-providers.area.js';
import { sourcecodeArea } from './sourcecode/sourcecode.area.js';
import { freeDomainsArea } from './free-domains/free-domains.area.js';
import { mailserverArea } from './mailserver/mailserver.area.js';
import { roundcubeArea } from './roundcube/roundcube.area.js';
import { backupsArea } from './backups/backups.area.js';
import { balancingArea } from './balancing/balancing.area.js';
import { wordpressArea } from './wordpress/wordpress.area.js';
import { siteAppsArea } from './site-apps/site-apps.area.js';
import { n8nArea } from './n8n/n8n.area.js';
import { accountsArea } from './accounts/accounts.area.js';
import { adminArea } from './admin/admin.area.js';
import { agentArea } from './agent/agent.area.js';
import { applicationsArea } from './applications/applications.area.js';
import { auditArea } from './audit/audit.area.js';
import type { AnyArea } from './area.js';
import { certificatesArea } from './certificates/certificates.area.js';
import { databasesArea } from './databases/databases.area.js';
import { defaultPageArea } from './default-page/default-page.area.js';
import { dockerArea } from './docker/docker.area.js';
import { deploymentsArea } from './deployments/deployments.area.js';
import { eventsArea } from './events/events.area.js';
import { fail2banArea } from './fail2ban/fail2ban.area.js';
import { firewallArea } from './firewall/firewall.area.js';
import { firewall8gArea } from './firewall-8g/firewall-8g.area.js';
import { healthArea } from './health/health.area.js';
import { hotfixArea } from './hotfix/hotfix.area.js';
import { infoArea } from './info/info.area.js';
import { mtproxyArea } from './mtproxy/mtproxy.area.js';
import { outboxArea } from './mail/outbox.area.js';
import { openlitespeedArea } from './openlitespeed/openlitespeed.area.js';
import { phpArea } from './php/php.area.js';
import { pm2Area } from './pm2/pm2.area.js';
import { privateNetworksArea } from './private-networks/private-networks.area.js';
import { realtimeArea } from './realtime/realtime.area.js';
import { schedulesArea } from './schedules/schedules.area.js';
import { scriptsArea } from './scripts/scripts.area.js';
import { serversArea } from './servers/servers.area.js';
import { serverTransferArea } from './server-transfer/server-transfer.area.js';
import { servicesArea } from './services/services.area.js';
import { siteConfigsArea } from './site-configs/site-configs.area.js';
import { sitesArea } from './sites/sites.area.js';
import { sshArea } from './ssh/ssh.area.js';
import { sshKeysArea } from './ssh-keys/ssh-keys.area.js';
import { supervisorArea } from './supervisor/supervisor.area.js';
import { systemUsersArea } from './system-users/system-users.area.js';
import { teamsArea } from './teams/teams.area.js';
import { terminalArea } from './terminal/terminal.area.js';
import { userSshKeysArea } from './user-ssh-keys/user-ssh-keys.area.js';
import { alertsArea } from './alerts/alerts.area.js';
import { apiTokensArea } from './api-tokens/api-tokens.area.js';
import { idempotencyArea } from './idempotency/idempotency.area.js';
import { referralsArea } from './referrals/referrals.area.js';
import { socialitesArea } from './socialites/socialites.area.js';
import { partnerArea } from './partner/partner.area.js';
import { wireguardArea } from './wireguard/wireguard.area.js';
import { plansArea } from './billing/plans/plans.area.js';
import { billingArea } from './billing/billing.area.js';
import { monitoringArea } from './monitoring/monitoring.area.js';

/**
 * Every API area, once (area.ts). The HTTP app registers their routes in this order, the job
 * runner's hooks their tasks and finished-event handlers, and i18n/vi.ts gathers their messages.
 * Adding an area is one line here (docs/adding-a-server-section.md).
 *
 * Order matters three times: `audit` comes first, so its hooks record every area's changes;
 * `events` comes before the others so an area's own Vietnamese for an English message it shares
 * with the events catalogue wins; `servers` comes before every area with finished-event
 * handlers, so theirs read the server as its event left it.
 */
export const AREAS: readonly AnyArea[] = [
  auditArea,
  eventsArea,
  healthArea,
  infoArea,
  accountsArea,
  socialitesArea,
  outboxArea,
  teamsArea,
  serversArea,
  serverTransferArea,
  applicationsArea,
  pm2Area,
  sitesArea,
  siteConfigsArea,
  firewall8gArea,
  certificatesArea,
  balancingArea,
  siteAppsArea,
  n8nArea,
  deploymentsArea,
  agentArea,
  hotfixArea,
  databasesArea,
  supervisorArea,
  openlitespeedArea,
  defaultPageArea,
  phpArea,
  schedulesArea,
  backupsArea,
  servicesArea,
  fail2banArea,
  firewallArea,
  realtimeArea,
  scriptsArea,
  adminArea,
  terminalArea,
  systemUsersArea,
  sshArea,
  userSshKeysArea,
  apiTokensArea,
  idempotencyArea,
  referralsArea,
  partnerArea,
  sshKeysArea,
  dockerArea,
  wireguardArea,
  privateNetworksArea,
  mtproxyArea,
  bind9Area,
  dnsProvidersArea,
  vpsArea,
  freeDomainsArea,
  gitProvidersArea,
  sourcecodeArea,
  wordpressArea,
  mailserverArea,
  roundcubeArea,
  billingArea,
  plansArea,
  alertsArea,
  monitoringArea,
];
