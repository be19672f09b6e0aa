import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { ContainersTab } from './containers/ContainersTab';
import { ImagesTab } from './ImagesTab';
import { NetworksTab } from './NetworksTab';
import { PublishedPortsWarning } from './PublishedPortsWarning';
import { SettingsTab } from './SettingsTab';
import { VolumesTab } from './VolumesTab';

const TABS = ['containers', 'images', 'volumes', 'networks', 'settings'] as const;
type DockerTab = (typeof TABS)[number];

/**
 * `/servers/{server}/docker` (spec/000 §7 docker): containers, images, volumes, networks and the
 * daemon's log rotation, read live from the Engine API; the ports containers publish, which
 * bypass ufw, listed on top. The tab is in the URL (`?tab=images`).
 */
export function DockerPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const [search, setSearch] = useSearchParams();
  const tab: DockerTab = TABS.find((name) => name === search.get('tab')) ?? 'containers';

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('docker.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <PublishedPortsWarning serverId={serverId} />
      <Tabs
        value={tab}
        onChange={(_event, value: DockerTab) =>
          setSearch(value === 'containers' ? {} : { tab: value }, { replace: true })
        }
        variant="scrollable"
        data-testid="docker-tabs"
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`docker.tabs.${name}`)} data-testid={`docker-tab-${name}`} />
        ))}
      </Tabs>
      {tab === 'containers' && <ContainersTab serverId={serverId} />}
      {tab === 'images' && <ImagesTab serverId={serverId} />}
      {tab === 'volumes' && <VolumesTab serverId={serverId} />}
      {tab === 'networks' && <NetworksTab serverId={serverId} />}
      {tab === 'settings' && <SettingsTab serverId={serverId} />}
    </Stack>
  );
}
