import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { branchSchema, repositoryUrlSchema } from '@hostdeck/contracts';
import { GIT_PROVIDER_NAMES, type GitProviderSlug } from '@hostdeck/contracts/git-providers';
import { SOURCECODE_SOURCES, type SourcecodeSource } from '@hostdeck/contracts/sourcecode';
import { notifySuccess } from '../../api/error-handling';
import { schemaMessage, type FieldMessage } from '../../api/field-messages';
import { useFieldErrors } from '../../api/form-errors';
import { routePath } from '../../app/route-names';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { inputTestId } from '../../components/test-ids';
import { PageTitle } from '../../pages/PageTitle';
import { useGitConnections } from '../../user/git/git-providers-api';
import { deploySettingsCalls, deploySettingsKey, deploySettingsQuery } from '../deployments/deployment-api';
import { RepositoryFields } from '../deployments/RepositoryFields';
import { siteDetailKey, SITE_LISTS_KEY } from '../site-api';
import { useRouteSite } from '../use-site';
import { branchesQuery, installSourcecode, organizationsQuery, repositoriesQuery } from './sourcecode-api';
import { SiteAppsCatalogue } from '../site-apps/SiteAppsCatalogue';

const sourceName = (source: SourcecodeSource, gitUrl: string) =>
  source === 'git' ? gitUrl : GIT_PROVIDER_NAMES[source];

/** The organization, repository and branch pickers of a connected provider. */
function ProviderPickers({
  provider,
  value,
  onChange,
}: {
  provider: GitProviderSlug;
  value: { organization: string; repository: string; branch: string };
  onChange: (value: { organization: string; repository: string; branch: string }) => void;
}) {
  const { t } = useTranslation();
  const organizations = useQuery(organizationsQuery(provider));
  const repositories = useQuery({
    ...repositoriesQuery(provider, value.organization),
    enabled: value.organization !== '',
  });
  const branches = useQuery({
    ...branchesQuery(provider, value.repository),
    enabled: value.repository !== '',
  });
  const failure = organizations.error ?? repositories.error ?? branches.error;

  return (
    <Stack spacing={2}>
      {failure && (
        <Alert severity="error" data-testid="sourcecode-picker-error">
          {failure.message}
        </Alert>
      )}
      <TextField
        select
        size="small"
        label={t('siteDeployments.sourcecode.organization')}
        value={value.organization}
        disabled={!organizations.data}
        onChange={(event) => onChange({ organization: event.target.value, repository: '', branch: '' })}
        helperText={organizations.isLoading ? t('siteDeployments.sourcecode.loading') : undefined}
        data-testid="sourcecode-organization"
      >
        {(organizations.data ?? []).map((organization) => (
          <MenuItem key={organization.id} value={organization.id}>
            {organization.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('siteDeployments.sourcecode.repository')}
        value={value.repository}
        disabled={!repositories.data}
        onChange={(event) => {
          const chosen = repositories.data?.find((item) => item.full_name === event.target.value);
          onChange({ ...value, repository: event.target.value, branch: chosen?.default_branch ?? '' });
        }}
        helperText={repositories.isLoading ? t('siteDeployments.sourcecode.loading') : undefined}
        data-testid="sourcecode-repository"
      >
        {(repositories.data ?? []).map((repository) => (
          <MenuItem key={repository.full_name} value={repository.full_name}>
            {repository.full_name}
            {repository.private ? ` (${t('siteDeployments.sourcecode.private')})` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('siteDeployments.sourcecode.branch')}
        value={branches.data?.some((branch) => branch.name === value.branch) ? value.branch : ''}
        disabled={!branches.data}
        onChange={(event) => onChange({ ...value, branch: event.target.value })}
        helperText={branches.isLoading ? t('siteDeployments.sourcecode.loading') : undefined}
        data-testid="sourcecode-branch"
      >
        {(branches.data ?? []).map((branch) => (
          <MenuItem key={branch.name} value={branch.name}>
            {branch.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/**
 * The site's deploy key for a git URL: made on request, shown to be added at the git host before
 * the install (its first deployment clones with it). A public https URL needs none.
 */
function GitDeployKey({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(deploySettingsQuery(siteId));
  const generate = useMutation({
    mutationFn: () => deploySettingsCalls.generateKey(siteId),
    onSuccess: (next) => queryClient.setQueryData(deploySettingsKey(siteId), next),
  });
  if (!settings.data) return <LoadingIndicator />;
  const publicKey = settings.data.public_key;
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{t('siteDeployments.sourcecode.keyNote')}</Typography>
      {publicKey ? (
        <TextField
          size="small"
          multiline
          label={t('siteDeployments.key.public')}
          value={publicKey}
          slotProps={{
            htmlInput: { ...inputTestId('sourcecode-deploy-key'), readOnly: true, spellCheck: false },
          }}
        />
      ) : (
        <Stack direction="row">
          <Button
            variant="outlined"
            onClick={() => generate.mutate()}
            loading={generate.isPending}
            data-testid="sourcecode-key-generate"
          >
            {t('siteDeployments.key.generate')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * `/sites/{site}/sourcecode` (sites.sourcecode, issue 21 point 2): install a repository as the
 * site's code, from a connected GitHub, GitLab or Bitbucket account (pickers; the panel adds the
 * deploy key and the push webhook there) or from any git URL. The first deployment starts at once
 * and its output opens on the Deployments page.
 */
export function SiteSourcecodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: site } = useRouteSite();
  const connections = useGitConnections();
  const [source, setSource] = useState<SourcecodeSource>('github');
  const [picked, setPicked] = useState({ organization: '', repository: '', branch: '' });
  const [gitUrl, setGitUrl] = useState('');
  const [gitBranch, setGitBranch] = useState('main');
  const [problems, setProblems] = useState<Record<string, FieldMessage | null>>({});
  const fieldErrors = useFieldErrors();
  const siteId = site?.id ?? 0;

  // A failure is reported by the query client's mutation cache (handleApiError).
  const install = useMutation({
    mutationFn: (request: { repository: string; branch: string }) =>
      installSourcecode(siteId, source, request),
    onSuccess: async (started) => {
      notifySuccess();
      await queryClient.invalidateQueries({ queryKey: siteDetailKey(siteId) });
      void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
      await navigate(routePath('sites.deployments', { site: siteId }), {
        state: { deploymentEventId: started.event.id },
      });
    },
    onError: (error) => fieldErrors.apply(error),
  });

  if (!site) return <LoadingIndicator />;
  const text = (message: FieldMessage | null | undefined) =>
    message ? ('key' in message ? t(message.key) : message.text) : undefined;
  const helper = (field: 'repository' | 'branch') => text(problems[field]) ?? fieldErrors.get(field);

  if (site.site_id !== null || site.is_agent || site.code_type) {
    return (
      <Stack spacing={3}>
        <PageTitle>{t('siteDeployments.sourcecode.title')}</PageTitle>
        <Alert severity="info" data-testid="sourcecode-unavailable">
          {site.code_type
            ? t('siteDeployments.sourcecode.installed', { codeType: site.code_type })
            : t('siteDeployments.sourcecode.unavailable')}
        </Alert>
      </Stack>
    );
  }

  const connection =
    source === 'git' ? undefined : connections.data?.find((item) => item.provider === source);
  const ready =
    source === 'git' ? true : Boolean(connection?.connected && !connection.expired && picked.repository);

  function submit() {
    fieldErrors.clear();
    if (source === 'git') {
      const found = {
        repository: schemaMessage(repositoryUrlSchema, gitUrl),
        branch: schemaMessage(branchSchema, gitBranch),
      };
      setProblems(found);
      if (found.repository || found.branch) return;
      install.mutate({ repository: gitUrl, branch: gitBranch });
      return;
    }
    if (!picked.branch) {
      setProblems({ branch: { key: 'siteDeployments.sourcecode.chooseBranch' } });
      return;
    }
    setProblems({});
    install.mutate({ repository: picked.repository, branch: picked.branch });
  }

  return (
    <Stack spacing={3}>
      <PageTitle>{t('siteDeployments.sourcecode.title')}</PageTitle>
      <Card variant="outlined" data-testid="sourcecode-card">
        <CardContent>
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('siteDeployments.sourcecode.description')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={source}
              onChange={(_event, next: SourcecodeSource | null) => {
                if (!next) return;
                setSource(next);
                setPicked({ organization: '', repository: '', branch: '' });
                setProblems({});
              }}
              aria-label={t('siteDeployments.sourcecode.source')}
            >
              {SOURCECODE_SOURCES.map((item) => (
                <ToggleButton key={item} value={item} data-testid={`sourcecode-source-${item}`}>
                  {sourceName(item, t('siteDeployments.sourcecode.gitUrl'))}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>

            {source !== 'git' && connections.isLoading && <LoadingIndicator />}
            {source !== 'git' && connection && !connection.configured && (
              <Alert severity="warning" data-testid="sourcecode-not-configured">
                {t('siteDeployments.sourcecode.notConfigured', { provider: connection.name })}
              </Alert>
            )}
            {source !== 'git' && connection?.configured && (!connection.connected || connection.expired) && (
              <Alert
                severity={connection.expired ? 'error' : 'info'}
                data-testid="sourcecode-connect"
                action={
                  <Button component={RouterLink} to={routePath('user.git')} color="inherit" size="small">
                    {connection.expired
                      ? t('siteDeployments.sourcecode.reconnect')
                      : t('siteDeployments.sourcecode.connect')}
                  </Button>
                }
              >
                {connection.expired
                  ? t('siteDeployments.sourcecode.expired', { provider: connection.name })
                  : t('siteDeployments.sourcecode.notConnected', { provider: connection.name })}
              </Alert>
            )}
            {source !== 'git' && connection?.connected && !connection.expired && (
              <>
                <Typography variant="body2" data-testid="sourcecode-account">
                  {t('siteDeployments.sourcecode.connectedAs', {
                    provider: connection.name,
                    account: connection.account_name ?? '',
                  })}
                </Typography>
                <ProviderPickers provider={source} value={picked} onChange={setPicked} />
                {helper('branch') && (
                  <Typography variant="caption" color="error" data-testid="sourcecode-branch-error">
                    {helper('branch')}
                  </Typography>
                )}
                <Alert severity="info">
                  {t('siteDeployments.sourcecode.providerNote', { provider: connection.name })}
                </Alert>
              </>
            )}
            {source === 'git' && (
              <>
                <RepositoryFields
                  repository={gitUrl}
                  branch={gitBranch}
                  onRepository={setGitUrl}
                  onBranch={setGitBranch}
                  errorOf={helper}
                  testIdPrefix="sourcecode-git"
                />
                <GitDeployKey siteId={siteId} />
              </>
            )}
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={!ready}
                loading={install.isPending}
                data-testid="sourcecode-install"
              >
                {t('siteDeployments.sourcecode.install')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <SiteAppsCatalogue siteId={siteId} />
    </Stack>
  );
}
