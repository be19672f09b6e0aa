import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteDetail } from '@hostdeck/contracts';
import { routePath } from '../../app/route-names';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { SiteAliasesCard } from '../show/SiteAliasesCard';
import { Fact, SiteCard } from '../show/SiteCard';
import { checkSiteDns } from '../site-api';
import { useSiteActions } from '../use-site-actions';
import { useRouteSite } from '../use-site';

/**
 * `/sites/{site}/domain` (sites.domain): the primary domain, its aliases, and whether the domain's
 * DNS points at the site's server (ip-remote-check).
 */
export function SiteDomainPage() {
  const { t } = useTranslation();
  const { data: site } = useRouteSite();
  const actions = useSiteActions(site?.id ?? 0);
  if (!site) return <LoadingIndicator />;

  return (
    <Stack spacing={3} data-testid="site-domain-page">
      <PageTitle>{t('sites.domain.title', { name: site.display_name })}</PageTitle>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <SiteCard title={t('sites.domain.primary')} testId="site-primary-domain">
            <Stack spacing={1}>
              <Fact label={t('sites.create.domain')} value={site.name} testId="site-domain-name" />
              <Fact
                label={t('sites.create.wildcard')}
                value={
                  site.wildcard
                    ? t('sites.domain.wildcardOn', { domain: site.name })
                    : t('sites.domain.wildcardOff')
                }
              />
              <Fact label={t('sites.domain.serverIp')} value={site.server.ip} />
              {site.site_id !== null && (
                <Fact
                  label={t('sites.show.aliasOf')}
                  value={
                    <Link component={RouterLink} to={routePath('sites.show', { site: site.site_id })}>
                      #{site.site_id}
                    </Link>
                  }
                />
              )}
            </Stack>
          </SiteCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DnsCheckCard site={site} />
        </Grid>
        {site.site_id === null && (
          <Grid size={{ xs: 12, md: 6 }}>
            <SiteAliasesCard site={site} actions={actions} />
          </Grid>
        )}
      </Grid>
    </Stack>
  );
}

type DnsAnswer = Awaited<ReturnType<typeof checkSiteDns>>;

/** Looks up the domain (GET ip-remote-check) and says whether it points at the site's server. */
function DnsCheckCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  // A look-up on demand (a GET, but started by the button): a failure is reported by the query
  // client's mutation cache (handleApiError) and keeps the last answer.
  const [answer, setAnswer] = useState<DnsAnswer | null>(null);
  const check = useMutation({ mutationFn: () => checkSiteDns(site.id), onSuccess: setAnswer });

  return (
    <SiteCard
      title={t('sites.domain.dns.title')}
      description={t('sites.domain.dns.description', { ip: site.server.ip })}
      testId="site-dns-card"
    >
      {answer && (
        <Alert
          severity={answer.matches ? 'success' : 'warning'}
          data-testid="site-dns-result"
          data-matches={answer.matches}
        >
          {answer.addresses.length === 0
            ? t('sites.domain.dns.none', { domain: site.name })
            : answer.matches
              ? t('sites.domain.dns.matches', { domain: site.name, ip: answer.ip })
              : t('sites.domain.dns.elsewhere', {
                  domain: site.name,
                  addresses: answer.addresses.join(', '),
                  ip: answer.ip,
                })}
        </Alert>
      )}
      <Stack direction="row">
        <Button
          variant="outlined"
          loading={check.isPending}
          onClick={() => check.mutate()}
          data-testid="site-dns-check"
        >
          {t('sites.domain.dns.check')}
        </Button>
      </Stack>
    </SiteCard>
  );
}
