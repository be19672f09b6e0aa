import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { fail2banSection } from '@hostdeck/contracts/fail2ban';
import { useSectionActions } from '../../server-sections/use-server-section';
import { useFail2banMe } from './fail2ban-api';

/** "Your address X is banned on this server" with an Unban button (every jail that bans it). */
export function BannedHereAlertContent({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const me = useFail2banMe(serverId);
  const actions = useSectionActions(fail2banSection, serverId);
  const banned = me.data?.data;
  if (!banned || banned.banned_in.length === 0) return null;
  return (
    <Alert
      severity="error"
      data-testid="fail2ban-banned-here"
      action={
        <Button
          color="inherit"
          size="small"
          loading={actions.isBusy('unban-me')}
          onClick={() => void actions.run('unban-me', 'unban', { body: { ip: banned.ip } })}
          data-testid="fail2ban-banned-here-unban"
        >
          {t('fail2ban.actions.unban')}
        </Button>
      }
    >
      {t('fail2ban.bannedHere', { ip: banned.ip, jails: banned.banned_in.join(', ') })}
    </Alert>
  );
}
