import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_TEAM_ROLE, TEAM_OWNER_ROLE, updateTeamRequestSchema, type Team } from '@hostdeck/contracts';
import { handleApiError, notifySuccess } from '../api/error-handling';
import { routePath } from '../app/route-names';
import { schemaMessage } from '../api/field-messages';
import { useFieldErrors } from '../api/form-errors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { TextFieldDialog } from '../components/TextFieldDialog';
import { MemberScopeDialog, ScopeSummary } from './MemberScopeDialog';
import { TeamRoles } from './TeamRoles';
import { TeamServers } from './TeamServers';
import { TeamApiTokens } from '../user/api-tokens/ApiTokensPage';
import {
  changeMemberRole,
  deleteInvitation,
  deleteTeam,
  inviteMember,
  removeMember,
  renameTeam,
  resendInvitation,
  switchCurrentTeam,
} from './teams-api';

type Confirmation =
  | { kind: 'delete' }
  | { kind: 'leave' }
  | { kind: 'remove'; userId: number; name: string }
  | { kind: 'revoke'; invitationId: number; email: string };

/**
 * One team on /teams: its name and owner, switching to it, renaming, deleting (never the personal
 * team), leaving; members with their role; inviting by mail; pending invitations with resend and
 * revoke. Each action shows only when the team's `permissions` allow it (spec/000 §3).
 */
export function TeamPanel({
  team,
  isCurrent,
  currentUserId,
  onChanged,
  onGone,
}: {
  team: Team;
  isCurrent: boolean;
  currentUserId: number;
  onChanged: () => Promise<void>;
  onGone: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const [scoping, setScoping] = useState<Team['users'][number] | null>(null);
  const { permissions } = team;
  const isOwner = team.current_user_role === TEAM_OWNER_ROLE;
  const manages = permissions.canAddTeamMembers || permissions.canRemoveTeamMembers;
  const roleName = (key: string) =>
    key === TEAM_OWNER_ROLE
      ? t('teams.roles.owner')
      : (team.availableRoles.find((role) => role.key === key)?.name ?? key);

  const act = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => {
      await action();
      await onChanged();
    },
    onSuccess: () => notifySuccess(),
    meta: { handleErrors: false },
    onError: handleApiError,
  });

  const confirmation = ((): { title: string; message: string; confirm: string } => {
    switch (confirming?.kind) {
      case 'leave':
        return {
          title: t('teams.confirmLeave.title', { name: team.name }),
          message: t('teams.confirmLeave.message'),
          confirm: t('teams.confirmLeave.confirm'),
        };
      case 'remove':
        return {
          title: t('teams.confirmRemove.title', { name: confirming.name }),
          message: t('teams.confirmRemove.message'),
          confirm: t('teams.confirmRemove.confirm'),
        };
      case 'revoke':
        return {
          title: t('teams.confirmRevoke.title', { email: confirming.email }),
          message: t('teams.confirmRevoke.message'),
          confirm: t('teams.confirmRevoke.confirm'),
        };
      default:
        return {
          title: t('teams.confirmDelete.title', { name: team.name }),
          message: t('teams.confirmDelete.message'),
          confirm: t('teams.confirmDelete.confirm'),
        };
    }
  })();

  return (
    <Stack
      spacing={3}
      sx={{ flex: 1, minWidth: 0, width: '100%' }}
      data-testid="team-panel"
      data-team={team.id}
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" data-testid="team-name">
              {team.name}
            </Typography>
            {team.personal_team ? <Chip size="small" label={t('teams.personal')} /> : null}
            {isCurrent ? <Chip size="small" color="primary" label={t('teams.current')} /> : null}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('teams.owner', { name: team.owner.name })} ·{' '}
            {t('teams.yourRole', { role: roleName(team.current_user_role) })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
            {!isCurrent ? (
              <Button
                variant="contained"
                size="small"
                loading={act.isPending}
                onClick={() => act.mutate(() => switchCurrentTeam(team.id))}
                data-testid="team-switch"
              >
                {t('teams.switch')}
              </Button>
            ) : null}
            {permissions.canUpdateTeam ? (
              <Button size="small" onClick={() => setRenaming(true)} data-testid="team-rename">
                {t('teams.rename')}
              </Button>
            ) : null}
            {permissions.canUpdateTeam ? (
              <Button
                size="small"
                component={RouterLink}
                to={routePath('teams.audit-log', { team: team.id })}
                data-testid="team-audit-log"
              >
                {t('menu.auditLog')}
              </Button>
            ) : null}
            {permissions.canDeleteTeam && !team.personal_team ? (
              <Button
                size="small"
                color="error"
                onClick={() => setConfirming({ kind: 'delete' })}
                data-testid="team-delete"
              >
                {t('teams.delete')}
              </Button>
            ) : null}
            {!isOwner ? (
              <Button
                size="small"
                color="warning"
                onClick={() => setConfirming({ kind: 'leave' })}
                data-testid="team-leave"
              >
                {t('teams.leave')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>
          {t('teams.members')}
        </Typography>
        <Table size="small" data-testid="team-members">
          <TableHead>
            <TableRow>
              <TableCell>{t('teams.columns.name')}</TableCell>
              <TableCell>{t('teams.columns.email')}</TableCell>
              <TableCell>{t('teams.columns.role')}</TableCell>
              <TableCell align="right">{t('teams.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow data-testid="team-owner-row">
              <TableCell>
                {team.owner.name} {team.owner.id === currentUserId ? t('teams.you') : ''}
              </TableCell>
              <TableCell>{team.owner.email}</TableCell>
              <TableCell>{t('teams.roles.owner')}</TableCell>
              <TableCell />
            </TableRow>
            {team.users.map((member) => (
              <TableRow key={member.id} data-testid={`team-member-${member.id}`} data-email={member.email}>
                <TableCell>
                  {member.name} {member.id === currentUserId ? t('teams.you') : ''}
                </TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell>
                  {permissions.canAddTeamMembers ? (
                    <TextField
                      select
                      size="small"
                      value={member.role}
                      disabled={act.isPending}
                      onChange={(event) =>
                        act.mutate(() => changeMemberRole(team.id, member.id, event.target.value))
                      }
                      slotProps={{ htmlInput: { 'data-testid': 'team-member-role' } }}
                      sx={{ minWidth: 160 }}
                    >
                      {team.availableRoles.map((role) => (
                        <MenuItem key={role.key} value={role.key}>
                          {role.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : (
                    <span data-testid="team-member-role-text">{roleName(member.role)}</span>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {permissions.canAddTeamMembers ? (
                    <Button size="small" onClick={() => setScoping(member)} data-testid="team-member-scope">
                      {t('teams.scope.open')}: <ScopeSummary member={member} />
                    </Button>
                  ) : null}
                  {permissions.canRemoveTeamMembers && member.id !== currentUserId ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setConfirming({ kind: 'remove', userId: member.id, name: member.name })}
                      data-testid="team-member-remove"
                    >
                      {t('teams.remove')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>

      <TeamServers team={team} onChanged={onChanged} />
      <TeamRoles team={team} onChanged={onChanged} />
      {isOwner || team.current_user_role === 'admin' ? <TeamApiTokens teamId={team.id} /> : null}

      {permissions.canAddTeamMembers ? (
        <InviteForm team={team} onInvited={onChanged} />
      ) : manages ? null : (
        <Alert severity="info" data-testid="team-no-permission">
          {t('teams.noPermission')}
        </Alert>
      )}

      {manages ? (
        <Paper variant="outlined" data-testid="team-invitations">
          <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>
            {t('teams.pending')}
          </Typography>
          {team.team_invitations.length === 0 ? (
            <Typography variant="body2" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
              {t('teams.noPending')}
            </Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('teams.columns.email')}</TableCell>
                  <TableCell>{t('teams.columns.role')}</TableCell>
                  <TableCell>{t('teams.columns.expires')}</TableCell>
                  <TableCell align="right">{t('teams.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {team.team_invitations.map((invitation) => (
                  <TableRow
                    key={invitation.id}
                    data-testid={`team-invitation-${invitation.id}`}
                    data-email={invitation.email}
                  >
                    <TableCell>{invitation.email}</TableCell>
                    <TableCell>{roleName(invitation.role)}</TableCell>
                    <TableCell>
                      {invitation.expired ? (
                        <Chip size="small" color="warning" label={t('teams.expired')} />
                      ) : (
                        new Date(invitation.expires_at).toLocaleString(i18n.language)
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        {permissions.canAddTeamMembers ? (
                          <Button
                            size="small"
                            disabled={act.isPending}
                            onClick={() =>
                              act.mutate(async () => {
                                await resendInvitation(invitation.id);
                                notifySuccess(t('teams.resent', { email: invitation.email }));
                              })
                            }
                            data-testid="team-invitation-resend"
                          >
                            {t('teams.resend')}
                          </Button>
                        ) : null}
                        {permissions.canRemoveTeamMembers ? (
                          <Button
                            size="small"
                            color="error"
                            onClick={() =>
                              setConfirming({
                                kind: 'revoke',
                                invitationId: invitation.id,
                                email: invitation.email,
                              })
                            }
                            data-testid="team-invitation-revoke"
                          >
                            {t('teams.revoke')}
                          </Button>
                        ) : null}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      ) : null}

      {scoping ? (
        <MemberScopeDialog
          team={team}
          member={scoping}
          onClose={() => setScoping(null)}
          onSaved={onChanged}
        />
      ) : null}
      <TextFieldDialog
        open={renaming}
        title={t('teams.renameTitle')}
        label={t('teams.name')}
        initialValue={team.name}
        field="name"
        inputTestId="team-rename-name"
        submitLabel={t('teams.rename')}
        validate={(name) => schemaMessage(updateTeamRequestSchema, { name })}
        onClose={() => setRenaming(false)}
        onSubmit={async (name) => {
          await renameTeam(team.id, name);
          await onChanged();
          notifySuccess();
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirmation.title}
        message={confirmation.message}
        confirmLabel={confirmation.confirm}
        destructive
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (!confirming) return;
          if (confirming.kind === 'delete') {
            await deleteTeam(team.id);
            await onGone();
          } else if (confirming.kind === 'leave') {
            await removeMember(team.id, currentUserId);
            await onGone();
          } else if (confirming.kind === 'remove') {
            await removeMember(team.id, confirming.userId);
            await onChanged();
          } else {
            await deleteInvitation(confirming.invitationId);
            await onChanged();
          }
          notifySuccess();
        }}
      />
    </Stack>
  );
}

/** Email and role; the panel mails the invitation (its 422 messages show under the fields). */
function InviteForm({ team, onInvited }: { team: Team; onInvited: () => Promise<void> }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>(DEFAULT_TEAM_ROLE);
  const fieldErrors = useFieldErrors();
  const invite = useMutation({
    mutationFn: () => inviteMember(team.id, email.trim(), role),
    onSuccess: async () => {
      notifySuccess(t('teams.invited', { email: email.trim() }));
      setEmail('');
      await onInvited();
    },
    onError: (error) => {
      if (!fieldErrors.apply(error)) handleApiError(error);
    },
    meta: { handleErrors: false },
  });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (invite.isPending) return;
        fieldErrors.clear();
        invite.mutate();
      }}
    >
      <Typography variant="subtitle1">{t('teams.inviteTitle')}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('teams.inviteHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          name="email"
          type="email"
          size="small"
          required
          label={t('teams.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            fieldErrors.clear('email');
          }}
          error={fieldErrors.has('email')}
          helperText={fieldErrors.get('email')}
          slotProps={{ htmlInput: { 'data-testid': 'team-invite-email' } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          name="role"
          size="small"
          label={t('teams.role')}
          value={role}
          onChange={(event) => setRole(event.target.value)}
          error={fieldErrors.has('role')}
          helperText={fieldErrors.get('role')}
          slotProps={{ htmlInput: { 'data-testid': 'team-invite-role' } }}
          sx={{ minWidth: 180 }}
        >
          {team.availableRoles.map((option) => (
            <MenuItem key={option.key} value={option.key} data-testid={`team-invite-role-${option.key}`}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" loading={invite.isPending} data-testid="team-invite-submit">
          {t('teams.invite')}
        </Button>
      </Stack>
    </Paper>
  );
}
