import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** `/servers` (named route all-server). The list arrives with the servers area; until then, empty. */
export function ServersPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('servers.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="servers-empty">
        <DnsOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
        <Typography variant="h6" component="p">
          {t('servers.empty')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('servers.emptyHint')}
        </Typography>
      </Paper>
    </Stack>
  );
}
