import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { usePublishedPorts } from './docker-api';

/** Docker's own iptables rules let published ports past ufw: the page says so and lists them. */
export function PublishedPortsWarning({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const ports = usePublishedPorts(serverId);
  const list = ports.data?.data ?? [];
  return (
    <Alert severity="warning" data-testid="docker-ufw-warning">
      <AlertTitle>{t('docker.ports.title')}</AlertTitle>
      {t('docker.ports.bypass')}
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}
        data-testid="docker-published-ports"
      >
        {ports.isSuccess && list.length === 0 && t('docker.ports.none')}
        {list.map((port) => (
          <Chip
            key={`${port.container}-${port.address}-${port.port}-${port.protocol}`}
            size="small"
            label={`${port.address}:${port.port}/${port.protocol} → ${port.container}:${port.container_port}`}
          />
        ))}
      </Stack>
    </Alert>
  );
}
