import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_CHANNEL_TYPES,
  ALERT_TYPES,
  type AlertChannel,
  type AlertChannelCreate,
  type AlertChannelType,
  type AlertType,
} from '@hostdeck/contracts/alerts';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import {
  alertChannelsKey,
  createAlertChannel,
  deleteAlertChannel,
  linkTelegram,
  testAlertChannel,
  updateAlertChannel,
  useAlertChannels,
} from './alerts-api';
import { registerAlertCatalogues } from './catalogue';

registerAlertCatalogues();

type TelegramLink = Awaited<ReturnType<typeof linkTelegram>>;

/**
 * `/user/notifications` (issue 23 point 3): the caller's notification channels and those of the
 * teams they own, the channel × event matrix, a test per channel, and Telegram chat linking.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useAlertChannels();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [link, setLink] = useState<TelegramLink | null>(null);
  const [removing, setRemoving] = useState<AlertChannel | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertChannelsKey });
  const test = useMutation({
    mutationFn: testAlertChannel,
    onSuccess: () => notifySuccess(t('alerts.tested')),
  });
  const startLink = useMutation({ mutationFn: linkTelegram, onSuccess: setLink });
  const toggle = useMutation({
    mutationFn: ({ channel, types }: { channel: AlertChannel; types: AlertType[] }) =>
      updateAlertChannel(channel.id, { alert_types: types }),
    onSuccess: () => refresh(),
  });

  const teams = list.data?.teams ?? [];
  const ownerName = (channel: AlertChannel) =>
    channel.team_id === null
      ? t('alerts.owner.me')
      : t('alerts.owner.team', { name: teams.find((team) => team.id === channel.team_id)?.name ?? '' });

  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.userNotifications')}</PageTitle>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('alerts.intro')}
      </Typography>
      <Stack direction="row">
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          data-testid="alert-add"
        >
          {t('alerts.add')}
        </Button>
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? null : list.data.data.length === 0 ? (
        <Alert severity="info" data-testid="alerts-empty">
          {t('alerts.empty')}
        </Alert>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('alerts.columns.name')}</TableCell>
                  <TableCell>{t('alerts.columns.type')}</TableCell>
                  <TableCell>{t('alerts.columns.target')}</TableCell>
                  <TableCell>{t('alerts.columns.owner')}</TableCell>
                  <TableCell align="right">{t('alerts.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.map((channel) => (
                  <TableRow key={channel.id} data-testid={`alert-channel-${channel.id}`}>
                    <TableCell>{channel.name}</TableCell>
                    <TableCell>{t(`alerts.types.${channel.type}`)}</TableCell>
                    <TableCell data-testid="alert-channel-target">
                      {channel.type === 'telegram'
                        ? channel.linked
                          ? t('alerts.linked')
                          : t('alerts.pending')
                        : channel.target}
                    </TableCell>
                    <TableCell>{ownerName(channel)}</TableCell>
                    <TableCell align="right">
                      {channel.type === 'telegram' && !channel.linked ? (
                        <Button
                          size="small"
                          onClick={() => startLink.mutate(channel.id)}
                          data-testid="alert-link"
                        >
                          {t('alerts.link')}
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          loading={test.isPending && test.variables === channel.id}
                          onClick={() => test.mutate(channel.id)}
                          data-testid="alert-test"
                        >
                          {t('alerts.test')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemoving(channel)}
                        data-testid="alert-delete"
                      >
                        {t('alerts.delete.action')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography variant="h6">{t('alerts.matrix.title')}</Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" data-testid="alert-matrix">
              <TableHead>
                <TableRow>
                  <TableCell>{t('alerts.matrix.event')}</TableCell>
                  {list.data.data.map((channel) => (
                    <TableCell key={channel.id} align="center">
                      {channel.name}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {ALERT_TYPES.map((type) => (
                  <TableRow key={type}>
                    <TableCell>{t(`alerts.events.${type}`)}</TableCell>
                    {list.data.data.map((channel) => {
                      const on = channel.alert_types.includes(type);
                      return (
                        <TableCell key={channel.id} align="center" padding="checkbox">
                          <Checkbox
                            checked={on}
                            disabled={toggle.isPending}
                            onChange={() =>
                              toggle.mutate({
                                channel,
                                types: on
                                  ? channel.alert_types.filter((item) => item !== type)
                                  : [...channel.alert_types, type],
                              })
                            }
                            slotProps={{
                              input: {
                                'aria-label': `${channel.name}: ${t(`alerts.events.${type}`)}`,
                                'data-testid': `alert-cell-${channel.id}-${type}`,
                              } as object,
                            }}
                          />
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="sm">
        {adding && list.data ? (
          <AddChannelForm
            teams={teams}
            telegramEnabled={list.data.telegram.enabled}
            onClose={() => setAdding(false)}
            onCreated={async (created) => {
              setAdding(false);
              await refresh();
              if (created.secret) setSecret(created.secret);
              else if (created.data.type === 'telegram') startLink.mutate(created.data.id);
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={secret !== null} fullWidth maxWidth="sm">
        <DialogTitle>{t('alerts.secret.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('alerts.secret.message')}</Alert>
            <TextField
              value={secret ?? ''}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'alert-secret' } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setSecret(null)} data-testid="alert-secret-done">
            {t('alerts.secret.done')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={link !== null} fullWidth maxWidth="sm">
        <DialogTitle>{t('alerts.telegram.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>
              {t('alerts.telegram.message', {
                bot: list.data?.telegram.bot_username ? ` @${list.data.telegram.bot_username}` : '',
              })}
            </Typography>
            <TextField
              value={link ? `/start ${link.code}` : ''}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'alert-telegram-code' } }}
              fullWidth
            />
            {link?.url ? (
              <Link href={link.url} target="_blank" rel="noopener noreferrer">
                {t('alerts.telegram.open')}
              </Link>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            onClick={() => {
              setLink(null);
              void refresh();
            }}
            data-testid="alert-telegram-done"
          >
            {t('alerts.telegram.done')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('alerts.delete.title')}
        message={t('alerts.delete.message', { name: removing?.name ?? '' })}
        confirmLabel={t('alerts.delete.confirm')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await deleteAlertChannel(removing!.id);
          notifySuccess(t('alerts.delete.done'));
          await refresh();
        }}
      />
    </Stack>
  );
}

function AddChannelForm({
  teams,
  telegramEnabled,
  onClose,
  onCreated,
}: {
  teams: { id: number; name: string }[];
  telegramEnabled: boolean;
  onClose: () => void;
  onCreated: (created: Awaited<ReturnType<typeof createAlertChannel>>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<AlertChannelType>('email');
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('me');
  const [email, setEmail] = useState('');
  const [url, setUrl] = useState('');
  const fieldErrors = useFieldErrors();
  const create = useMutation({
    mutationFn: createAlertChannel,
    onSuccess: onCreated,
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });
  const teamId = owner === 'me' ? {} : { team_id: Number(owner) };

  const body = (): AlertChannelCreate => {
    const common = { name: name.trim(), ...teamId };
    switch (type) {
      case 'email':
        return { type, ...common, ...(email.trim() ? { email: email.trim() } : {}) };
      case 'telegram':
        return { type, ...common };
      default:
        return { type, ...common, url: url.trim() };
    }
  };

  return (
    <ActionDialogFrame
      form
      title={t('alerts.dialog.title')}
      submitLabel={t('alerts.dialog.submit')}
      submitTestId="alert-add-submit"
      submitDisabled={type === 'telegram' && !telegramEnabled}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (create.isPending) return;
        fieldErrors.clear();
        create.mutate(body());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('alerts.dialog.type')}
          value={type}
          onChange={(event) => setType(event.target.value as AlertChannelType)}
          slotProps={{ htmlInput: { 'data-testid': 'alert-type' } }}
        >
          {ALERT_CHANNEL_TYPES.map((option) => (
            <MenuItem key={option} value={option} data-testid={`alert-type-${option}`}>
              {t(`alerts.types.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        {teams.length > 0 ? (
          <TextField
            select
            label={t('alerts.owner.label')}
            value={owner}
            onChange={(event) => setOwner(event.target.value)}
          >
            <MenuItem value="me">{t('alerts.owner.me')}</MenuItem>
            {teams.map((team) => (
              <MenuItem key={team.id} value={String(team.id)}>
                {t('alerts.owner.team', { name: team.name })}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField
          name="name"
          label={t('alerts.dialog.name')}
          value={name}
          required
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('alerts.dialog.nameHelp')}
        />
        {type === 'email' ? (
          <TextField
            name="email"
            type="email"
            label={t('alerts.dialog.email')}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              fieldErrors.clear('email');
            }}
            error={fieldErrors.has('email')}
            helperText={fieldErrors.get('email') ?? t('alerts.dialog.emailHelp')}
          />
        ) : type === 'telegram' ? (
          <Alert severity={telegramEnabled ? 'info' : 'warning'}>
            {telegramEnabled ? t('alerts.dialog.telegramHelp') : t('alerts.dialog.telegramOff')}
          </Alert>
        ) : (
          <TextField
            name="url"
            label={t('alerts.dialog.url')}
            value={url}
            required
            onChange={(event) => {
              setUrl(event.target.value);
              fieldErrors.clear('url');
            }}
            error={fieldErrors.has('url')}
            helperText={fieldErrors.get('url') ?? t(`alerts.dialog.urlHelp.${type}`)}
          />
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
