import AddModeratorIcon from '@mui/icons-material/AddModerator';
import DescriptionIcon from '@mui/icons-material/Description';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Certificate, CertificateEventResponse } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useListPage } from '../../pages/use-list-page';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useRouteSite } from '../use-site';
import {
  CERTIFICATE_LISTS_KEY,
  cloneCertificate,
  createCsr,
  deleteCertificate,
  importCertificate,
  installSignedCertificate,
  requestFreeCertificate,
  setCertificateActive,
} from './certificate-api';
import { CertificateList, type CertificateActions } from './CertificateList';
import { CloneCertificateDialog } from './CloneCertificateDialog';
import { CsrCreated, CsrDialog } from './CsrDialog';
import { FreeCertificateDialog } from './FreeCertificateDialog';
import { PemDialog } from './PemDialog';
import { RenewalCard } from './RenewalCard';

type OpenDialog = 'free' | 'import' | 'csr' | null;

/**
 * `/sites/{site}/ssl` (sites.ssl, spec/000 §7 certificates): Let's Encrypt, import, CSR and its
 * signed certificate, the paged list with activate/deactivate, clone and delete, the output of
 * the event just started (the CA's error shows there and on the failed row), and the renewal URL.
 */
export function SiteCertificatesPage() {
  const { t, i18n } = useTranslation();
  const { data: site } = useRouteSite();
  const siteId = site?.id ?? 0;
  const queryClient = useQueryClient();
  const listPage = useListPage();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [shownEventId, setShownEventId] = useState<number | null>(null);
  // Counts the "Output" clicks: each one brings the output into view, even for the event shown.
  const [reveal, setReveal] = useState(0);
  const [installing, setInstalling] = useState<Certificate | null>(null);
  const [showingCsr, setShowingCsr] = useState<Certificate | null>(null);
  const [cloning, setCloning] = useState<Certificate | null>(null);
  const [deleting, setDeleting] = useState<Certificate | null>(null);
  const [deactivating, setDeactivating] = useState<Certificate | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: CERTIFICATE_LISTS_KEY });

  /**
   * An event started: its output opens and the list goes back to its first page. A failure is
   * reported by the dialog's mutation, or the page's below (the query client's mutation cache).
   */
  async function started(start: () => Promise<CertificateEventResponse>) {
    const result = await start();
    setShownEventId(result.data.id);
    listPage.setPage(1);
    await reload();
    notifySuccess();
  }
  const setActive = useMutation({
    mutationFn: ({ certificate, active }: { certificate: Certificate; active: boolean }) =>
      started(() => setCertificateActive(siteId, certificate.id, active)),
  });
  const remove = useMutation({
    mutationFn: async (certificate: Certificate) => {
      const eventId = await deleteCertificate(siteId, certificate.id);
      if (eventId !== null) setShownEventId(eventId);
      await reload();
      notifySuccess();
    },
  });

  if (!site) return <LoadingIndicator />;
  if (site.site_id !== null) {
    return (
      <Stack spacing={3}>
        <PageTitle>{t('siteCertificates.title')}</PageTitle>
        <Alert severity="info" data-testid="ssl-alias">
          {t('siteCertificates.alias')}
        </Alert>
      </Stack>
    );
  }

  const actions: CertificateActions = {
    setActive: (certificate, active) =>
      active ? setActive.mutate({ certificate, active }) : setDeactivating(certificate),
    installSigned: setInstalling,
    showCsr: setShowingCsr,
    clone: setCloning,
    remove: setDeleting,
    showOutput: (eventId) => {
      setShownEventId(eventId);
      setReveal((count) => count + 1);
    },
  };

  const active = site.certificate;
  const domainsOf = (certificate: Certificate | null) => certificate?.domains.join(', ') ?? '';
  return (
    <Stack spacing={3} data-testid="site-ssl-page">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <PageTitle>{t('siteCertificates.title')}</PageTitle>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {t('siteCertificates.subtitle', { name: site.display_name })}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            startIcon={<AddModeratorIcon />}
            onClick={() => setDialog('free')}
            data-testid="ssl-free"
          >
            {t('siteCertificates.actions.free')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => setDialog('import')}
            data-testid="ssl-import"
          >
            {t('siteCertificates.actions.import')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DescriptionIcon />}
            onClick={() => setDialog('csr')}
            data-testid="ssl-csr"
          >
            {t('siteCertificates.actions.csr')}
          </Button>
        </Stack>
      </Stack>
      <Alert severity={active ? 'success' : 'info'} data-testid="ssl-active-summary">
        {active
          ? t('siteCertificates.active', {
              domains: active.domains.join(', '),
              date: active.expires_at
                ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                    new Date(active.expires_at),
                  )
                : '—',
            })
          : t('siteCertificates.noActive')}
      </Alert>
      {shownEventId !== null && (
        <LiveEventOutput
          eventId={shownEventId}
          reveal={reveal}
          title={t('siteCertificates.output.title')}
          titleFromEvent
          heading="h2"
          testId="ssl-output"
        />
      )}
      <CertificateList siteId={siteId} listPage={listPage} actions={actions} />
      <RenewalCard siteId={siteId} />

      <FreeCertificateDialog
        open={dialog === 'free'}
        site={site}
        onClose={() => setDialog(null)}
        onRequest={(domains) => started(() => requestFreeCertificate(siteId, domains))}
      />
      <PemDialog
        open={dialog === 'import'}
        title={t('siteCertificates.import.title')}
        message={t('siteCertificates.import.message')}
        fields={[
          { name: 'certificate', label: t('siteCertificates.import.certificate') },
          { name: 'private_key', label: t('siteCertificates.import.privateKey') },
        ]}
        submitLabel={t('siteCertificates.import.submit')}
        testId="ssl-import"
        onClose={() => setDialog(null)}
        onSubmit={(values) =>
          started(() => importCertificate(siteId, values.certificate ?? '', values.private_key ?? ''))
        }
      />
      <CsrDialog
        open={dialog === 'csr'}
        defaultDomains={[site.name, ...site.aliases.map((alias) => alias.name)]}
        onClose={() => setDialog(null)}
        onCreate={async (request) => {
          const created = await createCsr(siteId, request);
          await reload();
          return created;
        }}
      />
      <PemDialog
        open={installing !== null}
        title={t('siteCertificates.install.title')}
        message={t('siteCertificates.install.message')}
        fields={[{ name: 'certificate', label: t('siteCertificates.install.certificate') }]}
        submitLabel={t('siteCertificates.install.submit')}
        testId="ssl-install"
        onClose={() => setInstalling(null)}
        onSubmit={(values) =>
          started(() => installSignedCertificate(siteId, installing!.id, values.certificate ?? ''))
        }
      />
      <Dialog open={showingCsr !== null} onClose={() => setShowingCsr(null)} fullWidth maxWidth="sm">
        {showingCsr?.csr && <CsrCreated csr={showingCsr.csr} onClose={() => setShowingCsr(null)} />}
      </Dialog>
      <CloneCertificateDialog
        certificate={cloning}
        siteId={siteId}
        onClose={() => setCloning(null)}
        onClone={(certificate, target) => started(() => cloneCertificate(siteId, certificate.id, target))}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={t('siteCertificates.list.deactivateTitle')}
        message={t('siteCertificates.list.deactivateMessage', { domains: domainsOf(deactivating) })}
        confirmLabel={t('siteCertificates.list.deactivate')}
        destructive
        onClose={() => setDeactivating(null)}
        onConfirm={() => setActive.mutateAsync({ certificate: deactivating!, active: false })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('siteCertificates.list.deleteTitle')}
        message={t(
          deleting?.active
            ? 'siteCertificates.list.deleteActiveMessage'
            : 'siteCertificates.list.deleteMessage',
          {
            domains: domainsOf(deleting),
          },
        )}
        confirmLabel={t('siteCertificates.list.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync(deleting!)}
      />
    </Stack>
  );
}
