import LockIcon from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteDetail } from '@hostdeck/contracts';
import { routePath } from '../../app/route-names';
import { PageTitle } from '../../pages/PageTitle';
import { inputTestId } from '../../components/test-ids';
import { SITE_LISTS_KEY, protectSite, siteDetailKey } from '../site-api';
import { SiteFavoriteButton, SiteStatusChip } from '../SiteBadges';
import { SiteEnabledSwitch } from '../SiteEnabledSwitch';

/** Name, server, state, enabled, favourite and protection of a site page. */
export function SiteHeader({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <PageTitle>
          <span data-testid="site-title">{site.display_name}</span>
        </PageTitle>
        <SiteFavoriteButton siteId={site.id} isFavorite={site.is_favorite} />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <SiteStatusChip status={site.status} />
        {site.display_name !== site.name && (
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid="site-domain">
            {site.name}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('sites.show.onServer')}{' '}
          <Link
            component={RouterLink}
            to={routePath('servers.show', { server: site.server.id })}
            data-testid="site-server"
          >
            {site.server.name}
          </Link>{' '}
          ({site.server.ip})
        </Typography>
        {site.site_id !== null && (
          <Chip
            size="small"
            variant="outlined"
            component={RouterLink}
            to={routePath('sites.show', { site: site.site_id })}
            clickable
            label={t('sites.show.aliasOf')}
            data-testid="site-alias-of"
          />
        )}
        {site.protected && <Chip size="small" icon={<LockIcon />} label={t('sites.show.protected')} />}
      </Stack>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          sx={{ ml: 0 }}
          label={site.enabled ? t('sites.show.enabled') : t('sites.show.disabled')}
          control={
            <SiteEnabledSwitch siteId={site.id} enabled={site.enabled} disabled={site.status !== 'active'} />
          }
        />
        <ProtectSwitch site={site} />
      </Stack>
    </Stack>
  );
}

/** Protect (spec/000 §7 protect): a protected site cannot be deleted. */
function ProtectSwitch({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The switch shows the wanted state while the panel stores it; its answer settles it.
  // A failure is reported by the query client's mutation cache (handleApiError).
  const protect = useMutation({
    mutationFn: (next: boolean) => protectSite(site.id, next),
    onSuccess: (detail) => {
      queryClient.setQueryData(siteDetailKey(site.id), detail);
      void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
    },
  });
  return (
    <Tooltip title={t('sites.show.protectHint')}>
      <FormControlLabel
        sx={{ ml: 0 }}
        label={t('sites.show.protect')}
        control={
          <Switch
            checked={protect.isPending ? protect.variables : site.protected}
            disabled={protect.isPending}
            onChange={(event) => protect.mutate(event.target.checked)}
            slotProps={{ input: inputTestId('site-protect') }}
          />
        }
      />
    </Tooltip>
  );
}
