import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ApiIcon from '@mui/icons-material/Api';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import BackupIcon from '@mui/icons-material/Backup';
import CloudIcon from '@mui/icons-material/Cloud';
import CodeIcon from '@mui/icons-material/Code';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DescriptionIcon from '@mui/icons-material/Description';
import DnsIcon from '@mui/icons-material/Dns';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GroupsIcon from '@mui/icons-material/Groups';
import TokenIcon from '@mui/icons-material/Token';
import KeyIcon from '@mui/icons-material/Key';
import LanguageIcon from '@mui/icons-material/Language';
import RedeemIcon from '@mui/icons-material/Redeem';
import StorageIcon from '@mui/icons-material/Storage';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { SvgIconComponent } from '@mui/icons-material';
import type { MenuIconName } from '../navigation/menu-items';

/** The MUI icon for each menu entry (menu-items.ts keeps icons as names, shared with search). */
export const MENU_ICONS: Record<MenuIconName, SvgIconComponent> = {
  add: AddCircleOutlineIcon,
  servers: StorageIcon,
  sites: LanguageIcon,
  backups: BackupIcon,
  events: EventNoteIcon,
  scripts: CodeIcon,
  teams: GroupsIcon,
  providers: CloudIcon,
  git: AccountTreeIcon,
  dns: DnsIcon,
  sshKeys: KeyIcon,
  apiTokens: TokenIcon,
  alerts: NotificationsActiveIcon,
  customScripts: TerminalIcon,
  transfer: SwapHorizIcon,
  billing: CreditCardIcon,
  profile: AccountCircleIcon,
  referral: RedeemIcon,
  support: SupportAgentIcon,
  documentation: DescriptionIcon,
  apiDocs: ApiIcon,
};
