import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FREE_DOMAIN_DNS_LIFETIME_DAYS } from '@hostdeck/contracts';
import { scrollToField, splitFieldErrors } from '../../api/form-errors';
import { useAppInfo } from '../../api/use-app-info';
import { LoadFailure } from '../../components/LoadFailure';
import { inputTestId } from '../../components/test-ids';
import { SITE_LISTS_KEY, createSite } from '../site-api';
import { selectTestIds } from '../select-test-id';
import { siteMessageText } from '../site-messages';
import { AliasChipsField } from './AliasChipsField';
import { GeneratedPasswordField } from './GeneratedPasswordField';
import {
  SITE_CREATE_FIELDS,
  changeCreateDatabase,
  changeDatabaseName,
  changeDomain,
  changeFreeDomain,
  changeIsolation,
  changeUsername,
  chooseServer,
  withServerPhp,
  initialSiteCreateValues,
  siteCreateFieldOf,
  siteCreateRequest,
  validateSiteCreate,
  type SiteCreateField,
  type SiteCreateValues,
} from './site-create-form';
import { useInstalledServers, useSiteCreateServer } from './use-site-create-server';

export interface SiteCreated {
  id: number;
  eventId: number;
  databasePassword: string | null;
}

interface SiteCreateFormProps {
  /** The server to preselect, or null to ask for one. */
  serverId: number | null;
  /** The server is given by where the form was opened (a server page): no select. */
  serverFixed?: boolean;
  onCreated: (site: SiteCreated) => void;
  /** The Close and Create Site buttons. */
  renderActions: (state: { submitting: boolean; canSubmit: boolean }) => ReactNode;
  /** Places the fields and the buttons (a dialog puts them in its content and actions). */
  frame?: (fields: ReactNode, actions: ReactNode) => ReactNode;
}

const stacked = (fields: ReactNode, actions: ReactNode) => (
  <Stack spacing={3}>
    {fields}
    {actions}
  </Stack>
);

type Errors = Partial<Record<SiteCreateField, string>>;

export const SITE_CREATE_FORM_ID = 'site-create-form';

/**
 * The site create form of spec/000 §2 and §5, shared by /sites/create and the site-create dialog.
 * The rules live in site-create-form.ts; this renders them and sends POST api/sites.
 */
export function SiteCreateForm({
  serverId,
  serverFixed = false,
  onCreated,
  renderActions,
  frame = stacked,
}: SiteCreateFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setValues] = useState<SiteCreateValues>(() => initialSiteCreateValues(serverId));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A second Enter while the request runs must not send it twice; isPending renders too late.
  const inFlight = useRef(false);
  const {
    servers,
    isPending: serversPending,
    failed: serversFailed,
    retrying: serversRetrying,
    retry: retryServers,
  } = useInstalledServers(!serverFixed);
  const { server, detail } = useSiteCreateServer(typed.serverId);
  // The toggle exists only where the operator configured free domains (app info), never refused later.
  const freeDomainZone = useAppInfo().data?.free_domain_zone ?? null;
  // The server's PHP versions arrive after it is chosen: the choice stays among them.
  const values = withServerPhp(typed, server);

  function update(next: SiteCreateValues, ...fields: SiteCreateField[]) {
    setValues(next);
    setErrors((current) => {
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      return rest;
    });
  }

  function show(next: Errors) {
    setErrors(next);
    const first = SITE_CREATE_FIELDS.find((field) => field in next);
    if (first !== undefined) window.requestAnimationFrame(() => scrollToField(first));
  }

  // A failure is reported by the query client's mutation cache (handleApiError); its field errors
  // go under the fields, anything else above the form.
  const create = useMutation({
    mutationFn: createSite,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
      onCreated({
        id: created.id,
        eventId: created.event_id,
        databasePassword: created.database_password ?? null,
      });
    },
    onError: (error) => {
      const { fields, other } = splitFieldErrors(error, siteCreateFieldOf);
      show(fields);
      if (Object.keys(fields).length === 0 || other.length > 0) {
        setFormError(other[0] ?? (error instanceof Error ? error.message : t('errors.somethingWentWrong')));
      }
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const submitting = create.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current || !server) return;
    setFormError(null);
    const problems = validateSiteCreate(values, server);
    if (Object.keys(problems).length > 0) {
      show(
        Object.fromEntries(
          Object.entries(problems).map(([field, message]) => [field, siteMessageText(t, message)]),
        ),
      );
      return;
    }
    inFlight.current = true;
    setErrors({});
    create.mutate(siteCreateRequest(values, server));
  }

  const text = (field: SiteCreateField, testId: string) => ({
    name: field,
    error: field in errors,
    disabled: submitting,
    fullWidth: true,
    autoComplete: 'off',
    slotProps: { htmlInput: { 'data-testid': testId, spellCheck: false } },
  });
  const toggle = (checked: boolean, onChange: (checked: boolean) => void, label: string, testId: string) => (
    <FormControlLabel
      sx={{ ml: 0 }}
      label={label}
      disabled={submitting}
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: inputTestId(testId) }}
        />
      }
    />
  );

  const fields = (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      {serverFixed ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="site-create-server-fixed">
          {t('sites.create.onServer', { name: detail?.display_name ?? `#${values.serverId ?? ''}` })}
        </Typography>
      ) : serversFailed ? (
        <LoadFailure
          testId="site-create-servers-failure"
          title={t('sites.create.serversLoadFailed')}
          onRetry={retryServers}
          retrying={serversRetrying}
        />
      ) : (
        <TextField
          select
          {...text('server_id', 'site-create-server')}
          label={t('sites.create.server')}
          value={values.serverId ?? ''}
          onChange={(event) =>
            update(chooseServer(values, Number(event.target.value)), 'server_id', 'php_version')
          }
          helperText={
            errors.server_id ??
            (servers.length === 0 && !serversPending ? t('sites.create.noServers') : undefined)
          }
          slotProps={selectTestIds('site-create-server')}
        >
          {servers.map((choice) => (
            <MenuItem key={choice.id} value={choice.id} data-testid={`site-create-server-${choice.id}`}>
              {choice.display_name} ({choice.ip})
            </MenuItem>
          ))}
        </TextField>
      )}

      {freeDomainZone !== null && (
        <div data-field="use_free_domain">
          {toggle(
            values.useFreeDomain,
            (on) =>
              update(changeFreeDomain(values, on), 'use_free_domain', 'name', 'username', 'database_name'),
            t('sites.create.useFreeDomain'),
            'site-create-free-domain',
          )}
          {values.useFreeDomain && (
            <Stack spacing={1}>
              <Alert severity="warning" data-testid="site-create-free-domain-warning">
                {t('sites.create.freeDomainWarning', { days: FREE_DOMAIN_DNS_LIFETIME_DAYS })}
              </Alert>
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary' }}
                data-testid="site-create-free-domain-name"
              >
                {t('sites.create.freeDomainName', { zone: freeDomainZone })}
              </Typography>
            </Stack>
          )}
          {errors.use_free_domain && <FormHelperText error>{errors.use_free_domain}</FormHelperText>}
        </div>
      )}

      {!(values.useFreeDomain && freeDomainZone !== null) && (
        <TextField
          {...text('name', 'site-create-name')}
          label={t('sites.create.domain')}
          placeholder="example.com"
          value={values.name}
          onChange={(event) =>
            update(changeDomain(values, event.target.value), 'name', 'username', 'database_name')
          }
          helperText={errors.name ?? t('sites.create.domainHint')}
          autoFocus
        />
      )}

      <AliasChipsField
        aliases={values.aliases}
        domain={values.name}
        onChange={(aliases) => update({ ...values, aliases }, 'aliases')}
        error={errors.aliases}
        disabled={submitting}
      />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...text('proxy_port', 'site-create-proxy-port')}
          label={t('sites.create.proxyPort')}
          value={values.proxyPort}
          onChange={(event) => update({ ...values, proxyPort: event.target.value }, 'proxy_port')}
          helperText={errors.proxy_port ?? t('sites.create.proxyPortHint')}
          slotProps={{ htmlInput: { 'data-testid': 'site-create-proxy-port', inputMode: 'numeric' } }}
        />
        <TextField
          {...text('directory', 'site-create-directory')}
          label={t('sites.create.directory')}
          value={values.directory}
          onChange={(event) => update({ ...values, directory: event.target.value }, 'directory')}
          helperText={errors.directory ?? t('sites.create.directoryHint')}
        />
      </Stack>

      {server && server.phpVersions.length > 0 && (
        <FormControl error={'php_version' in errors} disabled={submitting} data-field="php_version">
          <FormLabel id="site-create-php">{t('sites.create.phpVersion')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="site-create-php"
            name="php_version"
            value={values.phpVersion}
            onChange={(event) => update({ ...values, phpVersion: event.target.value }, 'php_version')}
          >
            {server.phpVersions.map((version) => (
              <FormControlLabel
                key={version}
                value={version}
                label={`PHP ${version}`}
                control={<Radio slotProps={{ input: inputTestId(`site-create-php-${version}`) }} />}
              />
            ))}
          </RadioGroup>
          {errors.php_version && <FormHelperText>{errors.php_version}</FormHelperText>}
        </FormControl>
      )}

      <div data-field="wildcards">
        {toggle(
          values.wildcard,
          (on) => update({ ...values, wildcard: on }, 'wildcards'),
          t('sites.create.wildcard'),
          'site-create-wildcard',
        )}
        <FormHelperText error={'wildcards' in errors} sx={{ mt: 0 }}>
          {errors.wildcards ?? t('sites.create.wildcardHint', { domain: values.name || 'example.com' })}
        </FormHelperText>
      </div>

      <Stack spacing={2}>
        {toggle(
          values.isolation,
          (on) => update(changeIsolation(values, on), 'username', 'password'),
          t('sites.create.isolation'),
          'site-create-isolation',
        )}
        {values.isolation && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...text('username', 'site-create-username')}
              label={t('sites.create.username')}
              value={values.username}
              onChange={(event) => update(changeUsername(values, event.target.value), 'username')}
              helperText={errors.username ?? t('sites.create.usernameHint')}
            />
            <GeneratedPasswordField
              value={values.password}
              onChange={(password) => update({ ...values, password }, 'password')}
              error={errors.password}
              disabled={submitting}
            />
          </Stack>
        )}
      </Stack>

      <Stack spacing={2}>
        {toggle(
          values.createDatabase,
          (on) => update(changeCreateDatabase(values, on), 'database_name'),
          t('sites.create.createDatabase'),
          'site-create-database',
        )}
        {values.createDatabase && (
          <TextField
            {...text('database_name', 'site-create-database-name')}
            label={t('sites.create.databaseName')}
            value={values.databaseName}
            onChange={(event) => update(changeDatabaseName(values, event.target.value), 'database_name')}
            helperText={errors.database_name ?? t('sites.create.databaseHint')}
          />
        )}
      </Stack>

      {formError && (
        <Alert severity="error" data-testid="site-create-error">
          {formError}
        </Alert>
      )}
    </Stack>
  );
  return (
    <form id={SITE_CREATE_FORM_ID} onSubmit={submit} noValidate>
      {frame(fields, renderActions({ submitting, canSubmit: server !== null }))}
    </form>
  );
}
