import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
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
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
} from '@hostdeck/contracts/api-tokens';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import {
  apiTokensKey,
  createApiToken,
  createTeamApiToken,
  deleteApiToken,
  deleteTeamApiToken,
  teamApiTokensKey,
  useApiTokens,
  useTeamApiTokens,
} from './api-tokens-api';
import { registerApiTokenCatalogues } from './catalogue';

registerApiTokenCatalogues();

/**
 * `/user/api-tokens` (issue 23 point 5): the account's API tokens with their scopes, expiry and
 * last use; a new token is shown once; revoke.
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.userApiTokens')}</PageTitle>
      <PersonalApiTokens />
    </Stack>
  );
}

function PersonalApiTokens() {
  const { t } = useTranslation();
  return (
    <ApiTokenManager
      intro={t('apiTokens.intro')}
      list={useApiTokens()}
      queryKey={apiTokensKey}
      create={createApiToken}
      remove={deleteApiToken}
    />
  );
}

/**
 * A team's tokens, on the team page for its owner and administrators (issue 23 point 6): they act
 * for the team, on its servers and sites only.
 */
export function TeamApiTokens({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="team-api-tokens">
      <Stack spacing={2}>
        <Typography variant="h6">{t('apiTokens.team.title')}</Typography>
        <ApiTokenManager
          intro={t('apiTokens.team.intro')}
          list={useTeamApiTokens(teamId)}
          queryKey={teamApiTokensKey(teamId)}
          create={createTeamApiToken(teamId)}
          remove={deleteTeamApiToken(teamId)}
        />
      </Stack>
    </Paper>
  );
}

function ApiTokenManager({
  intro,
  list,
  queryKey,
  create,
  remove,
}: {
  intro: string;
  list: ReturnType<typeof useApiTokens>;
  queryKey: readonly unknown[];
  create: typeof createApiToken;
  remove: (id: number) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const date = (value: string | null, none: string) =>
    value ? new Date(value).toLocaleString(i18n.language) : none;
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  return (
    <Stack spacing={3}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {intro}
      </Typography>
      <Stack direction="row">
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          data-testid="api-token-create"
        >
          {t('apiTokens.create')}
        </Button>
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? null : list.data.length === 0 ? (
        <Alert severity="info" data-testid="api-tokens-empty">
          {t('apiTokens.empty')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('apiTokens.columns.name')}</TableCell>
                <TableCell>{t('apiTokens.columns.token')}</TableCell>
                <TableCell>{t('apiTokens.columns.scopes')}</TableCell>
                <TableCell>{t('apiTokens.columns.expires')}</TableCell>
                <TableCell>{t('apiTokens.columns.lastUsed')}</TableCell>
                <TableCell align="right">{t('apiTokens.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((token) => (
                <TableRow key={token.id} data-testid={`api-token-${token.id}`}>
                  <TableCell>{token.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{token.prefix}…</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                      {token.scopes.map((scope) => (
                        <Chip key={scope} size="small" label={t(`apiTokens.scopes.${scope}`)} />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell>{date(token.expires_at, t('apiTokens.noExpiry'))}</TableCell>
                  <TableCell data-testid="api-token-last-used">
                    {date(token.last_used_at, t('apiTokens.never'))}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      color="error"
                      size="small"
                      onClick={() => setRevoking(token)}
                      data-testid="api-token-revoke"
                    >
                      {t('apiTokens.delete.action')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} fullWidth maxWidth="sm">
        {creating ? (
          <CreateTokenForm
            create={create}
            onClose={() => setCreating(false)}
            onCreated={(token) => {
              setCreating(false);
              setShown(token);
              void refresh();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={shown !== null} fullWidth maxWidth="sm">
        <DialogTitle>{t('apiTokens.created.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('apiTokens.created.message')}</Alert>
            <TextField
              value={shown ?? ''}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'api-token-secret' } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              void navigator.clipboard
                ?.writeText(shown ?? '')
                .then(() => notifySuccess(t('apiTokens.created.copied')));
            }}
          >
            {t('apiTokens.created.copy')}
          </Button>
          <Button variant="contained" onClick={() => setShown(null)} data-testid="api-token-done">
            {t('apiTokens.created.done')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiTokens.delete.title')}
        message={t('apiTokens.delete.message', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiTokens.delete.confirm')}
        destructive
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          await remove(revoking!.id);
          notifySuccess(t('apiTokens.delete.done'));
          await refresh();
        }}
      />
    </Stack>
  );
}

function CreateTokenForm({
  create: createToken,
  onClose,
  onCreated,
}: {
  create: typeof createApiToken;
  onClose: () => void;
  onCreated: (token: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<string>('90');
  const fieldErrors = useFieldErrors();
  const create = useMutation({
    mutationFn: createToken,
    onSuccess: (token) => onCreated(token.token),
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });
  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));

  return (
    <ActionDialogFrame
      form
      title={t('apiTokens.dialog.title')}
      submitLabel={t('apiTokens.dialog.submit')}
      submitTestId="api-token-create-submit"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (create.isPending) return;
        fieldErrors.clear();
        create.mutate({
          name: name.trim(),
          scopes,
          expires_in_days: expiry === 'never' ? null : (Number(expiry) as 7 | 30 | 90 | 365),
        });
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label={t('apiTokens.dialog.name')}
          value={name}
          required
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('apiTokens.dialog.nameHelp')}
        />
        <Stack>
          <Typography variant="subtitle2">{t('apiTokens.dialog.scopes')}</Typography>
          {API_TOKEN_SCOPES.map((scope) => (
            <Stack key={scope}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={scopes.includes(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                    slotProps={{ input: { 'data-testid': `api-token-scope-${scope}` } as object }}
                  />
                }
                label={t(`apiTokens.scopes.${scope}`)}
              />
              <FormHelperText sx={{ mt: -1, ml: 4 }}>{t(`apiTokens.scopeHelp.${scope}`)}</FormHelperText>
            </Stack>
          ))}
          {fieldErrors.has('scopes') ? (
            <FormHelperText error>{fieldErrors.get('scopes')}</FormHelperText>
          ) : null}
        </Stack>
        <TextField
          select
          label={t('apiTokens.dialog.expiry')}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={fieldErrors.has('expires_in_days')}
          helperText={fieldErrors.get('expires_in_days')}
        >
          {API_TOKEN_EXPIRY_DAYS.map((days) => (
            <MenuItem key={days} value={String(days)}>
              {t('apiTokens.dialog.days', { count: days })}
            </MenuItem>
          ))}
          <MenuItem value="never">{t('apiTokens.noExpiry')}</MenuItem>
        </TextField>
      </Stack>
    </ActionDialogFrame>
  );
}
