import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppInfo, Preferences } from '@hostdeck/contracts';
import { columnLabelKey, withColumnVisible } from '../accounts/profile/preferences-update';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';
import { usePersistPreferences } from '../shell/user-preferences';

/** Which optional columns the table shows (spec/000 §3 preferences: table options and columns). */
export function ColumnsMenu({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const persist = usePersistPreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const columns = Object.entries(preferences.table_options.columns);

  function toggle(column: string, visible: boolean) {
    const next = withColumnVisible(preferences, column, visible);
    // Shown at once; the panel's answer replaces the cached user.
    queryClient.setQueryData<AppInfo>(APP_INFO_QUERY_KEY, (info) =>
      info?.user ? { ...info, user: { ...info.user, preferences: next } } : info,
    );
    persist({ table_options: next.table_options });
  }

  return (
    <>
      <Tooltip title={t('profile.preferences.columns')}>
        <IconButton
          size="small"
          aria-label={t('profile.preferences.columns')}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="server-list-columns"
        >
          <ViewColumnIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map(([column, option]) => {
          const key = columnLabelKey(column);
          return (
            <MenuItem
              key={column}
              onClick={() => toggle(column, !option.visible)}
              data-testid={`server-list-column-${column}`}
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={option.visible} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText primary={key ? t(key) : option.label} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
