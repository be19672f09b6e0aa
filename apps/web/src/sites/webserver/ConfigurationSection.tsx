import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isExtraConfigName, type SiteConfig } from '@hostdeck/contracts';
import type { SiteWebserver } from '../../app/route-names';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { formatBytes } from '../../format/format';
import { TextFieldDialog } from '../../components/TextFieldDialog';
import { ConfigEditorPanel } from './ConfigEditorPanel';
import { createSiteConfig, siteConfigListQuery, siteConfigsKey } from './webserver-api';
import { LoadFailure } from '../../components/LoadFailure';

/**
 * `/sites/{site}/{webserver}/configuration`: the site's config files (the main vhost and the extra
 * configs of its include directory) beside an editor for the one chosen (`?file=`, the main vhost
 * by default). New configs are created from a name; the editor saves, refreshes and deletes.
 */
export function ConfigurationSection({
  siteId,
  siteName,
  webserver,
}: {
  siteId: number;
  /** The site's name once its record is loaded (the main vhost carries it too). */
  siteName: string | undefined;
  webserver: SiteWebserver;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const list = useQuery(siteConfigListQuery(siteId));
  const files = list.data?.data ?? [];
  const main = files.find((file) => file.main);
  const wanted = searchParams.get('file');
  const chosen = files.find((file) => file.name === wanted) ?? main ?? files[0];

  const choose = (name: string | null) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (name === null) next.delete('file');
        else next.set('file', name);
        return next;
      },
      { replace: true },
    );
  const reloadList = () => queryClient.invalidateQueries({ queryKey: [...siteConfigsKey(siteId), 'list'] });

  async function create(name: string) {
    await createSiteConfig(siteId, name, t('siteWebserver.newContent', { name }));
    await reloadList();
    choose(name);
  }

  if (list.isPending) return <LoadingIndicator />;
  if (list.isError) {
    return (
      <LoadFailure
        testId="webserver-configs-failure"
        title={t('siteWebserver.loadFailed')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  const describe = (file: SiteConfig) =>
    `${formatBytes(file.size, i18n.language)} · ${new Date(file.modified).toLocaleString(i18n.language)}`;
  const directory = `/etc/${webserver}/hostdeck/${siteName ?? main?.name ?? '…'}`;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="h2">
              {t('siteWebserver.files')}
            </Typography>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              data-testid="config-new"
            >
              {t('siteWebserver.newConfig')}
            </Button>
          </Stack>
          <Paper variant="outlined">
            {files.length === 0 ? (
              <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('siteWebserver.noFiles')}</Typography>
            ) : (
              <List dense disablePadding data-testid="config-files">
                {files.map((file) => (
                  <ListItemButton
                    key={file.name}
                    selected={file.name === chosen?.name}
                    onClick={() => choose(file.main ? null : file.name)}
                    data-testid="config-file"
                    data-name={file.name}
                  >
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span style={{ overflowWrap: 'anywhere' }}>{`${file.name}.conf`}</span>
                          {file.main && <Chip size="small" label={t('siteWebserver.mainBadge')} />}
                        </Stack>
                      }
                      secondary={describe(file)}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Paper>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        {chosen ? (
          <ConfigEditorPanel
            key={chosen.name}
            siteId={siteId}
            webserver={webserver}
            file={chosen}
            onDeleted={() => {
              choose(null);
              void reloadList();
            }}
            onSaved={() => void reloadList()}
          />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('siteWebserver.chooseFile')}</Typography>
        )}
      </Grid>
      <TextFieldDialog
        open={creating}
        title={t('siteWebserver.createTitle')}
        description={t('siteWebserver.createDescription', { directory })}
        label={t('siteWebserver.createName')}
        field="name"
        inputTestId="config-new-name"
        submitLabel={t('siteWebserver.createSubmit')}
        validate={(value) => {
          if (value === (siteName ?? main?.name)) return { key: 'siteWebserver.nameTaken' };
          return isExtraConfigName(value) ? null : { key: 'siteWebserver.nameRule' };
        }}
        onClose={() => setCreating(false)}
        onSubmit={create}
      />
    </Grid>
  );
}
