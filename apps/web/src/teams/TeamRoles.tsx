import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_PERMISSIONS, type Team, type TeamPermission, type TeamRoleInfo } from '@hostdeck/contracts';
import { handleApiError, notifySuccess } from '../api/error-handling';
import { useFieldErrors } from '../api/form-errors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { createTeamRole, deleteTeamRole, updateTeamRole } from './teams-api';

// Catalogue keys without the permission's colon: i18next reads a colon as a namespace separator.
const PERMISSION_LABELS = {
  'server:view': 'serverView',
  'server:operate': 'serverOperate',
  'server:configure': 'serverConfigure',
  'server:destroy': 'serverDestroy',
  'server:secrets': 'serverSecrets',
  'server:terminal': 'serverTerminal',
  'server:files': 'serverFiles',
  'team:update': 'teamUpdate',
  'team:add-members': 'teamAddMembers',
  'team:remove-members': 'teamRemoveMembers',
  'team:delete': 'teamDelete',
} as const satisfies Record<TeamPermission, string>;

function usePermissionLabel() {
  const { t } = useTranslation();
  return (permission: string) =>
    Object.hasOwn(PERMISSION_LABELS, permission)
      ? t(`teams.customRoles.permissionNames.${PERMISSION_LABELS[permission as TeamPermission]}`)
      : permission;
}

/**
 * The team's roles (issue 22 point 2): the built-in ones, read-only, and the team's custom roles,
 * which those who update the team create, edit and delete. A role is a set of the permission verbs
 * of contracts teams.ts; members holding an edited role get its permissions at once.
 */
export function TeamRoles({ team, onChanged }: { team: Team; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TeamRoleInfo | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TeamRoleInfo | null>(null);
  const editable = team.permissions.canUpdateTeam;
  const permissionLabel = usePermissionLabel();
  return (
    <Paper variant="outlined" data-testid="team-roles">
      <Stack direction="row" sx={{ px: 2, pt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1">{t('teams.customRoles.title')}</Typography>
        {editable ? (
          <Button size="small" onClick={() => setEditing('new')} data-testid="team-role-create">
            {t('teams.customRoles.create')}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }}>
        {t('teams.customRoles.help')}
      </Typography>
      <Table size="small">
        <TableBody>
          {team.availableRoles.map((role) => (
            <TableRow key={role.key} data-testid="team-role" data-role={role.key}>
              <TableCell>
                {role.name}{' '}
                {role.custom ? null : <Chip size="small" label={t('teams.customRoles.builtIn')} />}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>
                {role.permissions.map(permissionLabel).join(', ')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {role.custom && editable ? (
                  <>
                    <Button size="small" onClick={() => setEditing(role)} data-testid="team-role-edit">
                      {t('teams.customRoles.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(role)}
                      data-testid="team-role-delete"
                    >
                      {t('teams.customRoles.delete')}
                    </Button>
                  </>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing !== null ? (
        <RoleDialog
          team={team}
          role={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={onChanged}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('teams.customRoles.confirmDelete.title', { name: deleting?.name ?? '' })}
        message={t('teams.customRoles.confirmDelete.message')}
        confirmLabel={t('teams.customRoles.confirmDelete.confirm')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteTeamRole(team.id, deleting.key);
          await onChanged();
          notifySuccess();
        }}
      />
    </Paper>
  );
}

/** Creates a role (key, name, permissions) or edits one (name, permissions; the key stays). */
function RoleDialog({
  team,
  role,
  onClose,
  onSaved,
}: {
  team: Team;
  role: TeamRoleInfo | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [key, setKey] = useState(role?.key ?? '');
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState(() => new Set(role?.permissions ?? ['server:view']));
  const fieldErrors = useFieldErrors();
  const permissionLabel = usePermissionLabel();
  const save = useMutation({
    mutationFn: async () => {
      const chosen = TEAM_PERMISSIONS.filter((permission) => permissions.has(permission));
      if (role) await updateTeamRole(team.id, role.key, { name: name.trim(), permissions: chosen });
      else await createTeamRole(team.id, { key: key.trim(), name: name.trim(), permissions: chosen });
      await onSaved();
    },
    onSuccess: () => {
      notifySuccess();
      onClose();
    },
    onError: (error) => {
      if (!fieldErrors.apply(error)) handleApiError(error);
    },
    meta: { handleErrors: false },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="team-role-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          fieldErrors.clear();
          save.mutate();
        }}
      >
        <DialogTitle>
          {role ? t('teams.customRoles.editTitle', { name: role.name }) : t('teams.customRoles.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {role ? null : (
              <TextField
                size="small"
                required
                label={t('teams.customRoles.key')}
                value={key}
                onChange={(event) => setKey(event.target.value)}
                error={fieldErrors.has('key')}
                helperText={fieldErrors.get('key') ?? t('teams.customRoles.keyHelp')}
                slotProps={{ htmlInput: { 'data-testid': 'team-role-key' } }}
              />
            )}
            <TextField
              size="small"
              required
              label={t('teams.customRoles.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={fieldErrors.has('name')}
              helperText={fieldErrors.get('name')}
              slotProps={{ htmlInput: { 'data-testid': 'team-role-name' } }}
            />
            <FormLabel>{t('teams.customRoles.permissions')}</FormLabel>
            <FormGroup>
              {TEAM_PERMISSIONS.map((permission) => (
                <FormControlLabel
                  key={permission}
                  control={
                    <Checkbox
                      size="small"
                      checked={permissions.has(permission)}
                      onChange={(event) => {
                        const next = new Set(permissions);
                        if (event.target.checked) next.add(permission);
                        else next.delete(permission);
                        setPermissions(next);
                      }}
                      data-testid={`team-role-permission-${permission}`}
                    />
                  }
                  label={permissionLabel(permission)}
                />
              ))}
            </FormGroup>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('teams.sharing.done')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="team-role-save">
            {t('teams.customRoles.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
