import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { handleApiError, notifySuccess } from '../api/error-handling';
import { routePath } from '../app/route-names';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { registerTeamsCatalogues } from './catalogue';
import { shareServer, unshareServer, useUserTeams } from './teams-api';

registerTeamsCatalogues();

/**
 * Share a server the caller owns with one of their teams, or stop sharing it (spec/000 §6: the
 * owner shares; §7 servers `share`). Every team of the caller is listed with whether it has the
 * server; the answers refresh the teams, the server and the lists (Update-data does it for others).
 */
export default function ServerShareDialog({
  server,
  open,
  onClose,
}: {
  server: { id: number; display_name: string };
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, refetch } = useUserTeams();
  const change = useMutation({
    mutationFn: async ({ teamId, shared }: { teamId: number; shared: boolean }) => {
      if (shared) await unshareServer(teamId, server.id);
      else await shareServer(server.id, teamId);
      await refetch();
      await queryClient.invalidateQueries({ queryKey: [UPDATE_KEYS.servers] });
    },
    onSuccess: () => notifySuccess(),
    meta: { handleErrors: false },
    onError: handleApiError,
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="server-share-dialog">
      <DialogTitle>{t('teams.sharing.title', { server: server.display_name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('teams.sharing.help')}
        </Typography>
        {!data ? (
          <LoadingIndicator />
        ) : data.data.length === 0 ? (
          <Alert severity="info">
            {t('teams.sharing.noTeams')}{' '}
            <RouterLink to={routePath('teams')}>{t('pageTitles.teams')}</RouterLink>
          </Alert>
        ) : (
          <List dense>
            {data.data.map((team) => {
              const shared = team.servers.some((candidate) => candidate.id === server.id);
              return (
                <ListItem
                  key={team.id}
                  data-testid="server-share-team"
                  data-team={team.id}
                  data-shared={shared}
                  secondaryAction={
                    <Button
                      size="small"
                      color={shared ? 'warning' : 'primary'}
                      variant={shared ? 'text' : 'contained'}
                      loading={change.isPending && change.variables.teamId === team.id}
                      disabled={change.isPending}
                      onClick={() => change.mutate({ teamId: team.id, shared })}
                      data-testid={shared ? 'server-share-stop' : 'server-share-submit'}
                    >
                      {shared ? t('teams.sharing.stop') : t('teams.sharing.share')}
                    </Button>
                  }
                >
                  <ListItemText
                    primary={team.name}
                    secondary={
                      <Chip
                        component="span"
                        size="small"
                        color={shared ? 'info' : 'default'}
                        variant="outlined"
                        label={shared ? t('teams.sharing.shared') : t('teams.sharing.notShared')}
                      />
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="server-share-close">
          {t('teams.sharing.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
