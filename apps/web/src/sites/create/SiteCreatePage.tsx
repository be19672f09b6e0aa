import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { routePath } from '../../app/route-names';
import { parseRecordId } from '../../app/route-params';
import { PageTitle } from '../../pages/PageTitle';
import { useOpenCreatedSite } from '../created-site-store';
import { SiteCreateForm } from './SiteCreateForm';

/**
 * `/sites/create` (site-create): the site create form on a page. `?server=` preselects a server
 * (its loader has checked it is installed); the select still lets the user pick another.
 */
export function SiteCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const openCreatedSite = useOpenCreatedSite();
  const serverId = parseRecordId(searchParams.get('server') ?? undefined);

  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.siteCreate')}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 800 }}>
        <SiteCreateForm
          serverId={serverId}
          onCreated={openCreatedSite}
          renderActions={({ submitting, canSubmit }) => (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                onClick={() => void navigate(routePath('sites'))}
                disabled={submitting}
                data-testid="site-create-close"
              >
                {t('sites.create.close')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={submitting}
                disabled={!canSubmit}
                data-testid="site-create-submit"
              >
                {t('sites.create.submit')}
              </Button>
            </Stack>
          )}
        />
      </Paper>
    </Stack>
  );
}
