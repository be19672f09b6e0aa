import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProvisionOptions } from '@hostdeck/contracts';
import { plannedInstall, programName, type PlannedItem } from '../provision';

/** The not-installed panel of spec/000 §2: what provisioning installs on this server. */
export function NotInstalledPanel({ provision }: { provision: ProvisionOptions }) {
  const { t } = useTranslation();
  const describe = (item: PlannedItem): string => {
    switch (item.kind) {
      case 'base':
        return t('serverShow.plan.base');
      case 'timezone':
        return t('serverShow.plan.timezone', { zone: item.name });
      case 'linuxUser':
        return t('serverShow.plan.linuxUser', { user: item.name });
      case 'security':
        return t('serverShow.plan.security');
      case 'webServer':
        return t('serverShow.plan.webServer', { name: programName(item.name) });
      case 'php':
        return `PHP ${item.version}`;
      case 'database':
        return t('serverShow.plan.database', { name: programName(item.name) });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="server-not-installed">
      <Typography variant="h6" component="h2">
        {t('serverShow.plan.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('serverShow.plan.explain')}
      </Typography>
      <List dense>
        {plannedInstall(provision).map((item, index) => (
          <ListItem key={index} disableGutters data-testid="planned-app" data-kind={item.kind}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleOutlineIcon fontSize="small" color="action" />
            </ListItemIcon>
            <ListItemText primary={describe(item)} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
