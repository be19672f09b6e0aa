import AppsIcon from '@mui/icons-material/Apps';
import BackupIcon from '@mui/icons-material/Backup';
import BlockIcon from '@mui/icons-material/Block';
import CodeIcon from '@mui/icons-material/Code';
import DnsIcon from '@mui/icons-material/Dns';
import HomeIcon from '@mui/icons-material/Home';
import KeyIcon from '@mui/icons-material/Key';
import LanguageIcon from '@mui/icons-material/Language';
import MailIcon from '@mui/icons-material/Mail';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MiscellaneousServicesIcon from '@mui/icons-material/MiscellaneousServices';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SecurityIcon from '@mui/icons-material/Security';
import SendIcon from '@mui/icons-material/Send';
import ShieldIcon from '@mui/icons-material/Shield';
import SpeedIcon from '@mui/icons-material/Speed';
import StorageIcon from '@mui/icons-material/Storage';
import TerminalIcon from '@mui/icons-material/Terminal';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import VpnLockIcon from '@mui/icons-material/VpnLock';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ServerMenuIcon } from './server-menu';

/** The MUI icon of each server side menu entry (server-menu.ts keeps icons as names). */
export const SERVER_MENU_ICONS: Record<ServerMenuIcon, SvgIconComponent> = {
  home: HomeIcon,
  sites: LanguageIcon,
  monitoring: MonitorHeartIcon,
  apps: AppsIcon,
  pm2: SpeedIcon,
  php: CodeIcon,
  openlitespeed: WhatshotIcon,
  database: StorageIcon,
  backup: BackupIcon,
  supervisor: MonitorHeartIcon,
  cron: ScheduleIcon,
  service: MiscellaneousServicesIcon,
  users: ManageAccountsIcon,
  security: SecurityIcon,
  ssh: TerminalIcon,
  sshKeys: KeyIcon,
  firewall: ShieldIcon,
  fail2ban: BlockIcon,
  docker: ViewInArIcon,
  mail: MailIcon,
  dns: DnsIcon,
  vpn: VpnLockIcon,
  wireguard: VpnKeyIcon,
  mtproxy: SendIcon,
};
