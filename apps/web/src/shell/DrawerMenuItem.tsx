import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MenuItem } from '../navigation/menu-items';
import { MENU_ICONS } from './menu-icons';

/** One entry of the left drawer; collapsed it shows the icon, with the label as tooltip. */
export function DrawerMenuItem({
  item,
  active,
  collapsed,
}: {
  item: MenuItem;
  active: boolean;
  collapsed: boolean;
}) {
  const { t } = useTranslation();
  const Icon = MENU_ICONS[item.icon];
  const label = t(item.labelKey);
  return (
    <Tooltip title={collapsed ? label : ''} placement="right">
      <ListItemButton
        component={RouterLink}
        to={item.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? label : undefined}
        data-testid={`drawer-item-${item.id}`}
        sx={{ minHeight: 44, px: 2.5, justifyContent: collapsed ? 'center' : 'flex-start' }}
      >
        <ListItemIcon
          sx={{
            minWidth: 0,
            mr: collapsed ? 0 : 2,
            justifyContent: 'center',
            color: active ? 'primary.main' : undefined,
          }}
        >
          <Icon fontSize="small" />
        </ListItemIcon>
        {!collapsed && (
          <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
        )}
      </ListItemButton>
    </Tooltip>
  );
}
