import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonIcon from '@mui/icons-material/Person';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SiteDetail } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { routePath } from '../../app/route-names';
import { ActionButton } from '../../servers/show/ServerActionParts';
import { useOpenCreatedSite } from '../created-site-store';
import { SITE_LISTS_KEY, changeSitePermissions, cloneSite, deleteSite, siteDetailKey } from '../site-api';
import type { SiteActions } from '../use-site-actions';
import { CloneSiteDialog } from './CloneSiteDialog';
import { DeleteSiteDialog } from './DeleteSiteDialog';
import { SiteCard } from './SiteCard';

/** Reset the site's files: owner (chown -R to the site user) or modes (dirs 755, files 644). */
export function SitePermissionsCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  return (
    <SiteCard
      title={t('sites.show.permissions.title')}
      description={t('sites.show.permissions.description')}
      testId="site-permissions-card"
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <ActionButton
          icon={<PersonIcon />}
          testId="site-chown"
          busy={actions.isRunning('chown')}
          onClick={() => void actions.start('chown', () => changeSitePermissions(site.id, 'chown'))}
        >
          {t('sites.show.permissions.chown', { user: site.linux_user ?? '' })}
        </ActionButton>
        <ActionButton
          icon={<LockResetIcon />}
          testId="site-chmod"
          busy={actions.isRunning('chmod')}
          onClick={() => void actions.start('chmod', () => changeSitePermissions(site.id, 'chmod'))}
        >
          {t('sites.show.permissions.chmod')}
        </ActionButton>
      </Stack>
    </SiteCard>
  );
}

/** Clone to another server, and delete (not while protected). */
export function SiteDangerCard({ site, allowClone = true }: { site: SiteDetail; allowClone?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openCreatedSite = useOpenCreatedSite();
  const [dialog, setDialog] = useState<'clone' | 'delete' | null>(null);
  const close = () => setDialog(null);

  return (
    <SiteCard title={t('sites.show.danger.title')} testId="site-danger-card">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        {allowClone && (
          <ActionButton icon={<ContentCopyIcon />} testId="site-clone" onClick={() => setDialog('clone')}>
            {t('sites.show.clone.title')}
          </ActionButton>
        )}
        <Tooltip title={site.protected ? t('sites.show.delete.protected') : ''}>
          <span>
            <ActionButton
              icon={<DeleteIcon />}
              testId="site-delete"
              color="error"
              disabled={site.protected || site.status === 'deleting'}
              onClick={() => setDialog('delete')}
            >
              {t('sites.show.delete.submit')}
            </ActionButton>
          </span>
        </Tooltip>
      </Stack>
      <CloneSiteDialog
        open={dialog === 'clone'}
        site={site}
        onClose={close}
        onClone={async (serverId) => {
          const created = await cloneSite(site.id, serverId);
          notifySuccess();
          void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
          openCreatedSite({
            id: created.id,
            eventId: created.event_id,
            databasePassword: created.database_password ?? null,
          });
        }}
      />
      <DeleteSiteDialog
        open={dialog === 'delete'}
        site={site}
        onClose={close}
        onDelete={async (deleteDatabase) => {
          await deleteSite(site.id, deleteDatabase);
          notifySuccess();
          // An alias goes back to its parent; any other site to the list.
          await navigate(
            site.site_id === null ? routePath('sites') : routePath('sites.show', { site: site.site_id }),
          );
          queryClient.removeQueries({ queryKey: siteDetailKey(site.id) });
          void queryClient.invalidateQueries({ queryKey: ['sites'] });
          if (site.site_id !== null)
            void queryClient.invalidateQueries({ queryKey: siteDetailKey(site.site_id) });
        }}
      />
    </SiteCard>
  );
}
