import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  GIT_OAUTH_ERRORS,
  GIT_PROVIDER_NAMES,
  GIT_PROVIDER_SLUGS,
  type GitConnection,
  type GitOauthError,
  type GitProviderSlug,
} from '@hostdeck/contracts/git-providers';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { registerUserGitCatalogues } from './catalogue';
import {
  disconnectGit,
  fetchGitOrganizations,
  gitKey,
  startGitConnect,
  useGitConnections,
} from './git-providers-api';

registerUserGitCatalogues();

/** Each provider's badge: its initials on its brand colour. */
const BADGES: Record<GitProviderSlug, { letters: string; background: string }> = {
  github: { letters: 'GH', background: '#24292f' },
  gitlab: { letters: 'GL', background: '#fc6d26' },
  bitbucket: { letters: 'BB', background: '#0052cc' },
};

function isSlug(value: string | null): value is GitProviderSlug {
  return (GIT_PROVIDER_SLUGS as readonly string[]).includes(value ?? '');
}
function isOauthError(value: string | null): value is GitOauthError {
  return (GIT_OAUTH_ERRORS as readonly string[]).includes(value ?? '');
}

function ProviderCard({
  connection,
  onDisconnect,
}: {
  connection: GitConnection;
  onDisconnect: (connection: GitConnection) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const provider = connection.name;
  const connect = useMutation({
    mutationFn: () => startGitConnect(connection.provider),
    // The browser leaves for the provider, which sends it back to this page.
    onSuccess: (url) => window.location.assign(url),
  });
  const check = useMutation({
    mutationFn: () => fetchGitOrganizations(connection.provider),
    onSuccess: (organizations) => notifySuccess(t('userGit.checked', { count: organizations.length })),
    // An expired token marks the connection: the card turns to Reconnect.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gitKey }),
  });
  const badge = BADGES[connection.provider];

  return (
    <Card
      variant="outlined"
      sx={{ flex: '1 1 280px', maxWidth: 420 }}
      data-testid={`git-provider-${connection.provider}`}
    >
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar variant="rounded" sx={{ bgcolor: badge.background, color: 'common.white', fontSize: 14 }}>
            {badge.letters}
          </Avatar>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {provider}
          </Typography>
          {connection.connected ? (
            <Chip
              size="small"
              color={connection.expired ? 'warning' : 'success'}
              label={
                connection.expired
                  ? t('userGit.reconnect')
                  : t('userGit.connectedAs', { account: connection.account_name })
              }
              data-testid="git-provider-status"
            />
          ) : (
            <Chip size="small" label={t('userGit.notConnected')} data-testid="git-provider-status" />
          )}
        </Stack>
        {!connection.configured ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('userGit.notConfigured', { provider })}
          </Typography>
        ) : connection.connected ? (
          <Stack spacing={1}>
            <Typography variant="body2" data-testid="git-provider-account">
              {t('userGit.connectedAs', { account: connection.account_name })}
            </Typography>
            {connection.connected_at && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('userGit.connectedSince', {
                  date: new Date(connection.connected_at).toLocaleDateString(i18n.language),
                })}
              </Typography>
            )}
            {connection.expired && (
              <Alert severity="warning" data-testid="git-provider-expired">
                {t('userGit.expired', { provider })}
              </Alert>
            )}
          </Stack>
        ) : null}
      </CardContent>
      {connection.configured && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {!connection.connected || connection.expired ? (
            <Button
              variant="contained"
              disabled={connect.isPending}
              onClick={() => connect.mutate()}
              data-testid="git-provider-connect"
            >
              {connection.expired ? t('userGit.reconnect') : t('userGit.connect')}
            </Button>
          ) : (
            <Button
              variant="outlined"
              disabled={check.isPending}
              onClick={() => check.mutate()}
              data-testid="git-provider-check"
            >
              {t('userGit.check')}
            </Button>
          )}
          {connection.connected && (
            <Button
              color="error"
              onClick={() => onDisconnect(connection)}
              data-testid="git-provider-disconnect"
            >
              {t('userGit.disconnect')}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

/**
 * `/user/git` (spec/000 §2, issue 21): a card per git provider to connect the account with OAuth,
 * see which account is connected, reconnect once the provider stops accepting the token (§8
 * 'Bitbucket access token expired!') and disconnect. The OAuth callback comes back here with
 * `?connected=` or `?git_error=`.
 */
export function UserGitPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const connections = useGitConnections();
  const [search, setSearch] = useSearchParams();
  const [disconnecting, setDisconnecting] = useState<GitConnection | null>(null);

  const returned = search.get('provider') ?? search.get('connected');
  const returnedName = isSlug(returned) ? GIT_PROVIDER_NAMES[returned] : '';
  const error = search.get('git_error');
  const connected = isSlug(search.get('connected'));
  const clearReturn = () => setSearch({}, { replace: true });

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('pageTitles.userGit')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('userGit.intro')}
        </Typography>
      </Stack>
      {isOauthError(error) && (
        <Alert severity="error" onClose={clearReturn} data-testid="git-oauth-error">
          {t(`userGit.errors.${error}`, { provider: returnedName })}
        </Alert>
      )}
      {connected && !error && (
        <Alert severity="success" onClose={clearReturn} data-testid="git-oauth-connected">
          {t('userGit.connectedNotice', { provider: returnedName })}
        </Alert>
      )}
      {connections.isPending ? (
        <LoadingIndicator />
      ) : connections.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void connections.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {connections.error.message || t('userGit.loadFailed')}
        </Alert>
      ) : (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          {connections.data.map((connection) => (
            <ProviderCard key={connection.provider} connection={connection} onDisconnect={setDisconnecting} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={disconnecting !== null}
        title={t('userGit.confirmDisconnect.title', { provider: disconnecting?.name ?? '' })}
        message={t('userGit.confirmDisconnect.message', { provider: disconnecting?.name ?? '' })}
        confirmLabel={t('userGit.confirmDisconnect.confirm')}
        destructive
        onClose={() => setDisconnecting(null)}
        onConfirm={async () => {
          await disconnectGit(disconnecting!.provider);
          await queryClient.invalidateQueries({ queryKey: gitKey });
          notifySuccess();
        }}
      />
    </Stack>
  );
}
