import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArticleIcon from '@mui/icons-material/Article';
import CodeIcon from '@mui/icons-material/Code';
import DnsIcon from '@mui/icons-material/Dns';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import HomeIcon from '@mui/icons-material/Home';
import HttpsIcon from '@mui/icons-material/Https';
import LanguageIcon from '@mui/icons-material/Language';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import SettingsIcon from '@mui/icons-material/Settings';
import TerminalIcon from '@mui/icons-material/Terminal';
import TuneIcon from '@mui/icons-material/Tune';
import WebIcon from '@mui/icons-material/Web';
import type { SvgIconComponent } from '@mui/icons-material';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { SiteFilesMenuEntry } from '../files/OpenFileManager';
import { siteMenuRows, type SiteMenuIcon, type SiteMenuItem } from './site-menu';
import { useSiteDetail } from './use-site';

const ICONS: Record<SiteMenuIcon, SvgIconComponent> = {
  home: HomeIcon,
  sourcecode: CodeIcon,
  wordpress: WebIcon,
  n8n: AccountTreeIcon,
  deployments: RocketLaunchIcon,
  ssl: HttpsIcon,
  commands: TerminalIcon,
  webserver: DnsIcon,
  configuration: TuneIcon,
  errorLog: ReportProblemIcon,
  accessLog: ArticleIcon,
  domain: LanguageIcon,
  settings: SettingsIcon,
};

/** The site side menu of spec/000 §2 in the sub-drawer (rules in site-menu.ts). */
export function SiteSideMenu({ siteId, onNavigate }: { siteId: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  // The page shows the not-found view for a missing site; the menu just stays short.
  const { data: site } = useSiteDetail(siteId, { notFoundView: false });
  const rows = siteMenuRows(siteId, site);
  const title = site?.display_name ?? t('subDrawer.site', { id: siteId });

  return (
    <List
      component="nav"
      aria-label={title}
      dense
      data-testid="site-menu"
      data-alias={site ? site.site_id !== null : undefined}
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
          <MenuEntry key={row.item.id} item={row.item} />
        ) : (
          <li key={row.id} data-testid={`site-menu-${row.id}`}>
            <List
              dense
              disablePadding
              subheader={
                <ListSubheader
                  component="div"
                  disableSticky
                  sx={{ lineHeight: '32px', fontSize: 12, textTransform: 'uppercase' }}
                >
                  {t(row.labelKey)}
                </ListSubheader>
              }
            >
              {row.items.map((item) => (
                <MenuEntry key={item.id} item={item} nested />
              ))}
            </List>
          </li>
        ),
      )}
      {site && <SiteFilesMenuEntry siteId={siteId} />}
    </List>
  );
}

function MenuEntry({ item, nested = false }: { item: SiteMenuItem; nested?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = ICONS[item.icon];
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={item.path}
        selected={pathname === item.path}
        data-testid={`site-menu-${item.id}`}
        sx={{ pl: nested ? 3 : 2 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(item.labelKey)} />
      </ListItemButton>
    </li>
  );
}
