import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { TEAM_ROLES, type TeamRoleKey } from '@hostdeck/contracts';
import { isApiError } from '../api/client';
import { handleApiError, notifySuccess } from '../api/error-handling';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { PageTitle } from '../pages/PageTitle';
import { NotFoundPage } from '../pages/NotFoundPage';
import { registerTeamsCatalogues } from './catalogue';
import { acceptInvitation, deleteInvitation, useInvitation, userTeamsKey } from './teams-api';

registerTeamsCatalogues();

/**
 * `/team-invitations/{invitation}`, the mailed link (spec/000 §2, issue 22): the team, its owner and
 * who invites, accept or decline. The panel shows the invitation to its addressee only (a stranger
 * gets not found); an expired one says so and cannot be accepted.
 */
export function TeamInvitationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const invitationId = /^\d{1,10}$/.test(params.invitation ?? '') ? Number(params.invitation) : 0;
  const invitation = useInvitation(invitationId);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userTeamsKey }),
      queryClient.invalidateQueries({ queryKey: APP_INFO_QUERY_KEY }),
    ]);
  const accept = useMutation({
    mutationFn: () => acceptInvitation(invitationId),
    onSuccess: async (team) => {
      notifySuccess(t('teams.invitation.accepted', { team: team.name }));
      await reload();
      await navigate('/teams');
    },
    onError: handleApiError,
    meta: { handleErrors: false },
  });
  const decline = useMutation({
    mutationFn: () => deleteInvitation(invitationId),
    onSuccess: async () => {
      notifySuccess(t('teams.invitation.declined'));
      await reload();
      await navigate('/teams');
    },
    onError: handleApiError,
    meta: { handleErrors: false },
  });

  if (invitationId === 0) return <NotFoundPage />;
  if (invitation.isPending) return <LoadingIndicator />;
  if (invitation.isError) {
    if (isApiError(invitation.error) && [403, 404].includes(invitation.error.status)) {
      return (
        <Stack spacing={2} data-testid="team-invitation-not-found">
          <NotFoundPage />
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('teams.invitation.notFound')}
          </Typography>
        </Stack>
      );
    }
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void invitation.refetch()}>{t('common.retry')}</Button>}
      >
        {invitation.error.message}
      </Alert>
    );
  }
  const data = invitation.data;
  const role = TEAM_ROLES[data.role as TeamRoleKey];
  const busy = accept.isPending || decline.isPending;

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageTitle>{t('teams.invitation.title', { team: data.team.name })}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="team-invitation">
        <Stack spacing={1.5}>
          <Typography data-testid="team-invitation-by">
            {t('teams.invitation.by', {
              inviter: data.inviter_name ?? data.team.owner_name,
              owner: data.team.owner_name,
            })}
          </Typography>
          <Typography variant="body2">
            {t('teams.invitation.role', { role: role ? t(roleKey(data.role as TeamRoleKey)) : data.role })}
          </Typography>
          {data.expired ? (
            <Alert severity="warning" data-testid="team-invitation-expired">
              {t('teams.invitation.expired')}
            </Alert>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('teams.invitation.expires', {
                date: new Date(data.expires_at).toLocaleString(i18n.language),
              })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
            <Button
              variant="contained"
              disabled={data.expired || busy}
              loading={accept.isPending}
              onClick={() => accept.mutate()}
              data-testid="team-invitation-accept"
            >
              {t('teams.invitation.accept')}
            </Button>
            <Button
              color="error"
              disabled={busy}
              loading={decline.isPending}
              onClick={() => decline.mutate()}
              data-testid="team-invitation-decline"
            >
              {t('teams.invitation.decline')}
            </Button>
            <Button component={RouterLink} to="/teams">
              {t('teams.invitation.backToTeams')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}

const roleKey = (role: TeamRoleKey) => `teams.roleNames.${role}` as const;
