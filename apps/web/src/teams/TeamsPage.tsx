import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { createTeamRequestSchema, type Team } from '@hostdeck/contracts';
import { notifySuccess } from '../api/error-handling';
import { schemaMessage } from '../api/field-messages';
import { APP_INFO_QUERY_KEY, useAppInfo } from '../api/use-app-info';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { TextFieldDialog } from '../components/TextFieldDialog';
import { PageTitle } from '../pages/PageTitle';
import { registerTeamsCatalogues } from './catalogue';
import { TeamPanel } from './TeamPanel';
import { createTeam, userTeamsKey, useUserTeams } from './teams-api';

registerTeamsCatalogues();

/**
 * `/teams` (spec/000 §2, §3 Team, issue 22): the caller's teams with the current one marked, the
 * invitations addressed to them, and the chosen team's management (TeamPanel). What a button
 * offers follows the team's `permissions`; the panel refuses anyway.
 */
export function TeamsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useAppInfo();
  const list = useUserTeams();
  const [chosen, setChosen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const currentTeamId = info.data?.user?.current_team_id ?? null;

  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userTeamsKey }),
      queryClient.invalidateQueries({ queryKey: APP_INFO_QUERY_KEY }),
    ]);
  };

  if (list.isPending) return <LoadingIndicator />;
  if (list.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {list.error.message || t('teams.loadFailed')}
      </Alert>
    );
  }
  const teams = list.data.data;
  const selected: Team | undefined =
    teams.find((team) => team.id === chosen) ?? teams.find((team) => team.id === currentTeamId) ?? teams[0];

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('pageTitles.teams')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('teams.intro')}
        </Typography>
      </Stack>
      {list.data.invitations.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="teams-my-invitations">
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t('teams.yourInvitations')}
          </Typography>
          <Stack spacing={1}>
            {list.data.invitations.map((invitation) => (
              <Stack key={invitation.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {t('teams.invitationTo', {
                    team: invitation.team.name,
                    owner: invitation.team.owner_name,
                  })}
                </Typography>
                <Button
                  size="small"
                  component={RouterLink}
                  to={`/team-invitations/${invitation.id}`}
                  data-testid={`teams-open-invitation-${invitation.id}`}
                >
                  {t('teams.openInvitation')}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Paper>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 280 }, flexShrink: 0 }}>
          <Stack
            direction="row"
            sx={{ px: 2, pt: 1.5, pb: 0.5, alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Typography variant="subtitle1">{t('teams.yourTeams')}</Typography>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              data-testid="teams-create"
            >
              {t('teams.create')}
            </Button>
          </Stack>
          <List dense data-testid="teams-list">
            {teams.map((team) => (
              <ListItemButton
                key={team.id}
                selected={team.id === selected?.id}
                onClick={() => setChosen(team.id)}
                data-testid={`teams-item-${team.id}`}
                data-name={team.name}
              >
                <ListItemText primary={team.name} />
                <Stack direction="row" spacing={0.5}>
                  {team.personal_team ? <Chip size="small" label={t('teams.personal')} /> : null}
                  {team.id === currentTeamId ? (
                    <Chip
                      size="small"
                      color="primary"
                      label={t('teams.current')}
                      data-testid="teams-current"
                    />
                  ) : null}
                </Stack>
              </ListItemButton>
            ))}
          </List>
        </Paper>
        {selected ? (
          <TeamPanel
            key={selected.id}
            team={selected}
            isCurrent={selected.id === currentTeamId}
            currentUserId={info.data?.user?.id ?? 0}
            onChanged={reload}
            onGone={async () => {
              setChosen(null);
              await reload();
            }}
          />
        ) : null}
      </Stack>
      <TextFieldDialog
        open={creating}
        title={t('teams.createTitle')}
        label={t('teams.name')}
        field="name"
        inputTestId="teams-create-name"
        submitLabel={t('teams.create')}
        validate={(name) => schemaMessage(createTeamRequestSchema, { name })}
        onClose={() => setCreating(false)}
        onSubmit={async (name) => {
          const team = await createTeam(name);
          setChosen(team.id);
          await reload();
          notifySuccess();
        }}
      />
    </Stack>
  );
}
