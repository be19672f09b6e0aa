import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Team } from '@hostdeck/contracts';
import { notifySuccess } from '../api/error-handling';
import { routePath } from '../app/route-names';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { unshareServer } from './teams-api';

/**
 * The servers shared with the team (spec/000 §3 Team `servers`). Those who update the team may
 * stop sharing any of them (the API also lets a server's owner take theirs back: the server's share
 * dialog does that).
 */
export function TeamServers({ team, onChanged }: { team: Team; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const [stopping, setStopping] = useState<{ id: number; name: string } | null>(null);
  return (
    <Paper variant="outlined" data-testid="team-servers">
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>
        {t('teams.servers.title')}
      </Typography>
      {team.servers.length === 0 ? (
        <Typography variant="body2" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
          {t('teams.servers.none')}
        </Typography>
      ) : (
        <Table size="small">
          <TableBody>
            {team.servers.map((server) => (
              <TableRow key={server.id} data-testid="team-server" data-server={server.id}>
                <TableCell>
                  <Link component={RouterLink} to={routePath('servers.show', { server: server.id })}>
                    {server.name}
                  </Link>
                </TableCell>
                <TableCell>{t('teams.servers.sites', { count: server.sites.length })}</TableCell>
                <TableCell align="right">
                  {team.permissions.canUpdateTeam ? (
                    <Button
                      size="small"
                      color="warning"
                      onClick={() => setStopping({ id: server.id, name: server.name })}
                      data-testid="team-server-stop"
                    >
                      {t('teams.servers.stop')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={stopping !== null}
        title={t('teams.servers.confirmStop.title', { server: stopping?.name ?? '' })}
        message={t('teams.servers.confirmStop.message')}
        confirmLabel={t('teams.servers.confirmStop.confirm')}
        destructive
        onClose={() => setStopping(null)}
        onConfirm={async () => {
          if (!stopping) return;
          await unshareServer(team.id, stopping.id);
          await onChanged();
          notifySuccess();
        }}
      />
    </Paper>
  );
}
