import { accountsArea } from './accounts/accounts.area.js';
import { agentArea } from './agent/agent.area.js';
import { applicationsArea } from './applications/applications.area.js';
import type { AnyArea } from './area.js';
import { certificatesArea } from './certificates/certificates.area.js';
import { databasesArea } from './databases/databases.area.js';
import { deploymentsArea } from './deployments/deployments.area.js';
import { eventsArea } from './events/events.area.js';
import { healthArea } from './health/health.area.js';
import { hotfixArea } from './hotfix/hotfix.area.js';
import { infoArea } from './info/info.area.js';
import { outboxArea } from './mail/outbox.area.js';
import { realtimeArea } from './realtime/realtime.area.js';
import { scriptsArea } from './scripts/scripts.area.js';
import { serversArea } from './servers/servers.area.js';
import { siteConfigsArea } from './site-configs/site-configs.area.js';
import { sitesArea } from './sites/sites.area.js';
import { teamsArea } from './teams/teams.area.js';
import { terminalArea } from './terminal/terminal.area.js';

/**
 * Every API area, once (area.ts). The HTTP app registers their routes in this order, the job
 * runner's hooks their tasks and finished-event handlers, and i18n/vi.ts gathers their messages.
 * Adding an area is one line here (docs/adding-a-server-section.md).
 *
 * Order matters twice: `events` comes first so an area's own Vietnamese for an English message it
 * shares with the events catalogue wins; `servers` comes before every area with finished-event
 * handlers, so theirs read the server as its event left it.
 */
export const AREAS: readonly AnyArea[] = [
  eventsArea,
  healthArea,
  infoArea,
  accountsArea,
  outboxArea,
  teamsArea,
  serversArea,
  applicationsArea,
  sitesArea,
  siteConfigsArea,
  certificatesArea,
  deploymentsArea,
  agentArea,
  hotfixArea,
  databasesArea,
  realtimeArea,
  scriptsArea,
  terminalArea,
];
