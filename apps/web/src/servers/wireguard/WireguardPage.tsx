import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../pages/PageTitle';
import { ListeningPortsTable } from '../listening-ports/ListeningPortsTable';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { PrivateNetworkPanel } from './private-network/PrivateNetworkPanel';
import { WireguardClients } from './WireguardClients';

/**
 * `/servers/{server}/wireguard` (servers.wireguard, spec/000 §2, §7 WireGuard): the clients of
 * the server's wg0 (create, enable, disable, delete, download the `.conf`, its QR code), and the
 * private networks the server is in, and the interface's UDP socket among the listening ports.
 */
export function WireguardPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const [tab, setTab] = useState<'clients' | 'networks'>('clients');

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('wireguard.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Tabs value={tab} onChange={(_event, value: 'clients' | 'networks') => setTab(value)}>
        <Tab value="clients" label={t('wireguard.tabs.clients')} data-testid="wireguard-tab-clients" />
        <Tab value="networks" label={t('wireguard.tabs.networks')} data-testid="wireguard-tab-networks" />
      </Tabs>
      {tab === 'clients' ? (
        <>
          <WireguardClients serverId={serverId} />
          {server?.wireguard_port != null && (
            <ListeningPortsTable
              serverId={serverId}
              title={t('wireguard.ports')}
              testId="wireguard-ports"
              filter={(port) => port.protocol === 'udp' && port.port === server.wireguard_port}
            />
          )}
        </>
      ) : (
        <PrivateNetworkPanel serverId={serverId} />
      )}
    </Stack>
  );
}
