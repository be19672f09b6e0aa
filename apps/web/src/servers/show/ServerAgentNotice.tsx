import { useTranslation } from 'react-i18next';
import type { ServerDetail } from '@hostdeck/contracts';
import { useAppInfo } from '../../api/use-app-info';
import { agentTooOld, AgentUpgradePrompt } from '../../components/AgentUpgradePrompt';

/**
 * The agent upgrade prompt on the server page (spec/000 §4: the agent is outdated when its version
 * is below app info's; an upgrade prompt shows), the same prompt the file manager and the direct
 * terminal show, so the user need not open either to learn it. Only once the server is installed:
 * provisioning installs the agent. A server without one (its bundle was missing then) is offered
 * the install instead.
 */
export function ServerAgentNotice({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const info = useAppInfo().data;
  if (!info || !server.installed || !agentTooOld(server.agent_version, info.agent_version)) return null;
  const brand = info.brand;
  const missing = server.agent_version === null;
  return (
    <AgentUpgradePrompt
      serverId={server.id}
      testId="server-agent-upgrade"
      message={missing ? t('serverShow.agent.missing', { brand }) : t('serverShow.agent.outdated', { brand })}
      installingMessage={t('serverShow.agent.installing', { brand })}
      buttonLabel={missing ? t('serverShow.agent.install') : t('serverShow.agent.upgrade')}
    />
  );
}
