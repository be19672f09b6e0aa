import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteDirectoryRequestSchema, siteProxyPortRequestSchema, type SiteDetail } from '@hostdeck/contracts';
import { useSiteCreateServer } from '../create/use-site-create-server';
import { setSiteDirectory, setSitePhpVersion, setSiteProxyPort } from '../site-api';
import { selectTestIds } from '../select-test-id';
import { siteSchemaMessage } from '../site-messages';
import type { SiteActions } from '../use-site-actions';
import { SiteCard } from './SiteCard';
import { ValueForm } from './ValueForm';

const NO_PHP = 'none';

/** Where the vhost serves from: {home}{directory}, or {home}/current{directory} once deployments manage releases. */
function webRootOf(site: SiteDetail): string {
  const base = site.current_release === null ? site.home : `${site.home}/current`;
  return site.directory === '/' ? base : `${base}${site.directory}`;
}

/** PHP version of the site's pool (PUT php_version): one of the server's, or none. */
export function PhpVersionCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  const versions = useSiteCreateServer(site.server.id).server?.phpVersions ?? [];
  const current = site.php_version ?? NO_PHP;
  const [chosen, setChosen] = useState(current);
  // A new version from the panel (after the event) replaces the choice.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setChosen(current);
  }
  const busy = actions.isRunning('php');
  const options = [...new Set([...versions, ...(site.php_version ? [site.php_version] : [])])];

  return (
    <SiteCard
      title={t('sites.show.php.title')}
      description={t('sites.show.php.description')}
      testId="site-php-card"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          name="php_version"
          label={t('sites.create.phpVersion')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          disabled={busy}
          fullWidth
          slotProps={selectTestIds('site-php-version')}
        >
          {options.map((version) => (
            <MenuItem key={version} value={version}>
              PHP {version}
            </MenuItem>
          ))}
          <MenuItem value={NO_PHP}>{t('sites.show.php.none')}</MenuItem>
        </TextField>
        <Button
          variant="outlined"
          loading={busy}
          disabled={chosen === current}
          onClick={() =>
            void actions.start('php', () => setSitePhpVersion(site.id, chosen === NO_PHP ? null : chosen))
          }
          data-testid="site-php-version-save"
          sx={{ flexShrink: 0, mt: 0.25 }}
        >
          {t('sites.show.save')}
        </Button>
      </Stack>
    </SiteCard>
  );
}

/** Reverse proxy to a local port (PUT proxy_port); empty removes it. */
export function ProxyPortCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  return (
    <SiteCard
      title={t('sites.show.proxy.title')}
      description={t('sites.create.proxyPortHint')}
      testId="site-proxy-card"
    >
      <ValueForm
        field="proxy_port"
        label={t('sites.create.proxyPort')}
        value={site.proxy_port === null ? '' : String(site.proxy_port)}
        helperText={t('sites.show.proxy.emptyRemoves')}
        testId="site-proxy-port"
        busy={actions.isRunning('proxy')}
        validate={(text) =>
          text.trim() === ''
            ? null
            : siteSchemaMessage(t, siteProxyPortRequestSchema, { proxy_port: text.trim() })
        }
        onSave={(text) =>
          actions.startOrThrow('proxy', () =>
            setSiteProxyPort(site.id, text.trim() === '' ? null : Number(text.trim())),
          )
        }
      />
    </SiteCard>
  );
}

/** The root document inside the site's home (PUT directory). */
export function DirectoryCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  return (
    <SiteCard
      title={t('sites.create.directory')}
      description={t('sites.create.directoryHint')}
      testId="site-directory-card"
    >
      <ValueForm
        field="directory"
        label={t('sites.create.directory')}
        value={site.directory}
        helperText={t('sites.show.directory.webRoot', { path: webRootOf(site) })}
        testId="site-directory"
        busy={actions.isRunning('directory')}
        validate={(text) => siteSchemaMessage(t, siteDirectoryRequestSchema, { directory: text })}
        onSave={(text) => actions.startOrThrow('directory', () => setSiteDirectory(site.id, text))}
      />
    </SiteCard>
  );
}
