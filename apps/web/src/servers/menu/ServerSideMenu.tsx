import type { ParseKeys } from 'i18next';
import LockIcon from '@mui/icons-material/Lock';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { z } from 'zod';
import { apiGetParsed, apiPath } from '../../api/client';
import { useAppInfo } from '../../api/use-app-info';
import { routePath } from '../../app/route-names';
import { applicationsQuery } from '../server-api';
import {
  DATABASE_LIST_PATH,
  databaseCounts,
  installedApplicationNames,
  serverMenuRows,
  type ServerMenuItemState,
} from './server-menu';
import { SERVER_MENU_ICONS } from './server-menu-icons';
import { useServerDetail } from '../use-server-detail';

const databaseCountsSchema = z.object({
  data: z.array(z.object({ type: z.string(), status: z.string() })),
});

/**
 * The server side menu of spec/000 §2 in the sub-drawer: disabled until the server is installed,
 * application items only for installed applications (read from the server), a lock on VIP items
 * of a server that is not VIP when billing is on (rules in server-menu.ts).
 */
export function ServerSideMenu({ serverId, onNavigate }: { serverId: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: server } = useServerDetail(serverId, { notFoundView: false });
  const billingEnabled = useAppInfo().data?.billing_enabled ?? false;
  const installed = server?.installed ?? false;
  const applications = useQuery({
    ...applicationsQuery(serverId),
    enabled: installed,
    meta: { handleErrors: false },
  });
  // GET api/servers/{server}/databases answers the panel's rows (no SSH): cheap to count. Under
  // the Update-data key `databases`, so a change of any database page reloads it. Its path and the
  // two fields counted are read here rather than through `@hostdeck/contracts/databases`, whose
  // schemas would join the first bundle (every page has this menu).
  const databases = useQuery({
    queryKey: [UPDATE_KEYS.databases, serverId, 'menu-counts'],
    queryFn: async () =>
      (await apiGetParsed(apiPath(DATABASE_LIST_PATH, { server: serverId }), databaseCountsSchema)).data,
    enabled: installed,
    meta: { handleErrors: false },
  });
  const counts = databaseCounts(databases.data);
  const rows = serverMenuRows({
    installed,
    isVip: server?.is_vip ?? false,
    billingEnabled,
    installedApplications: installed ? installedApplicationNames(applications.data) : null,
  });
  const title = server?.display_name ?? t('subDrawer.server', { id: serverId });

  return (
    <List
      component="nav"
      aria-label={title}
      dense
      data-testid="server-menu"
      data-installed={installed}
      subheader={
        <ListSubheader
          component="div"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {title}
        </ListSubheader>
      }
      onClick={onNavigate}
    >
      {rows.map((row) =>
        row.kind === 'item' ? (
          <MenuEntry key={row.item.id} serverId={serverId} state={row} count={counts.get(row.item.id)} />
        ) : (
          <li key={row.group.id} data-testid={`server-menu-${row.group.id}`}>
            <List dense disablePadding subheader={<GroupHeader labelKey={row.group.labelKey} />}>
              {row.items.map((state) => (
                <MenuEntry
                  key={state.item.id}
                  serverId={serverId}
                  state={state}
                  count={counts.get(state.item.id)}
                  nested
                />
              ))}
            </List>
          </li>
        ),
      )}
    </List>
  );
}

function GroupHeader({ labelKey }: { labelKey: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <ListSubheader
      component="div"
      disableSticky
      sx={{ lineHeight: '32px', fontSize: 12, textTransform: 'uppercase' }}
    >
      {t(labelKey)}
    </ListSubheader>
  );
}

function MenuEntry({
  serverId,
  state,
  nested = false,
  count,
}: {
  serverId: number;
  state: ServerMenuItemState;
  nested?: boolean;
  /** How many there are (the database entries). */
  count?: number | undefined;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { item, disabled, locked } = state;
  const Icon = SERVER_MENU_ICONS[item.icon];
  const to = routePath(item.route, { server: serverId });
  const hint = locked ? t('serverMenu.vipOnly') : disabled ? t('serverMenu.waitForInstall') : '';

  return (
    <Tooltip title={hint} placement="right">
      {/* A disabled button takes no pointer events; the wrapper keeps the tooltip working. */}
      <li>
        <ListItemButton
          component={RouterLink}
          to={to}
          selected={pathname === to}
          disabled={disabled}
          aria-disabled={disabled}
          data-testid={`server-menu-${item.id}`}
          data-disabled={disabled}
          data-locked={locked}
          sx={{ pl: nested ? 3 : 2 }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t(item.labelKey)} />
          {count !== undefined && (
            <Chip
              size="small"
              label={count}
              data-testid={`server-menu-${item.id}-count`}
              sx={{ height: 20, fontSize: 12, ml: 1 }}
            />
          )}
          {locked && <LockIcon fontSize="small" color="warning" aria-label={t('serverMenu.vipOnly')} />}
        </ListItemButton>
      </li>
    </Tooltip>
  );
}
