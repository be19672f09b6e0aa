import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { routePath } from '../app/route-names';

/**
 * The ways into the file manager: a button on the server page and an entry in the site menu. Kept
 * apart from the file manager itself so those pages do not load it (it is a lazy chunk).
 */
export function OpenServerFilesButton({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={routePath('servers.files', { server: serverId })}
      variant="outlined"
      startIcon={<FolderOpenIcon />}
      data-testid="open-file-manager"
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('files.page.open')}
    </Button>
  );
}

export function SiteFilesMenuEntry({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = routePath('sites.files', { site: siteId });
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={path}
        selected={pathname === path}
        data-testid="site-menu-files"
        sx={{ pl: 2 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <FolderOpenIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('files.page.open')} />
      </ListItemButton>
    </li>
  );
}
