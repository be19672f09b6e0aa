import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Certificate } from '@hostdeck/contracts';
import { EventHistoryTable } from '../../components/EventHistoryTable';
import { StatusBadge } from '../../components/StatusBadge';
import type { useListPage } from '../../pages/use-list-page';
import { certificateListQuery } from './certificate-api';

/** A certificate's status as the badge shows it (spec/000 §2 status badge groups). */
const BADGE_STATUS: Record<Certificate['status'], string> = {
  pending: 'PENDING',
  issued: 'ACTIVE',
  failed: 'ERROR',
};

export interface CertificateActions {
  setActive(certificate: Certificate, active: boolean): void;
  installSigned(certificate: Certificate): void;
  showCsr(certificate: Certificate): void;
  clone(certificate: Certificate): void;
  remove(certificate: Certificate): void;
  showOutput(eventId: number): void;
}

/**
 * The site's certificates, newest first and paged: type, names, status, expiry and whether it is
 * the one the vhost serves, with what can be done to each. A failed one shows why (last_error:
 * the CA's or the tool's own message).
 */
export function CertificateList({
  siteId,
  listPage,
  actions,
}: {
  siteId: number;
  listPage: ReturnType<typeof useListPage>;
  actions: CertificateActions;
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery(certificateListQuery(siteId, listPage));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <EventHistoryTable
      testId="certificate-list"
      title={t('siteCertificates.list.title')}
      failureTitle={t('siteCertificates.list.loadFailed')}
      emptyText={t('siteCertificates.list.empty')}
      query={query}
      listPage={listPage}
      headings={[
        t('siteCertificates.list.type'),
        t('siteCertificates.list.domains'),
        t('siteCertificates.list.status'),
        t('siteCertificates.list.expires'),
        t('siteCertificates.list.active'),
        t('siteCertificates.list.actions'),
      ]}
    >
      {(rows) =>
        rows.map((certificate) => (
          <Fragment key={certificate.id}>
            <TableRow
              data-testid="certificate-row"
              data-status={certificate.status}
              data-active={certificate.active}
              sx={certificate.last_error ? { '& > td': { borderBottom: 0 } } : undefined}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t(`siteCertificates.list.types.${certificate.type}` as const)}
                {certificate.issuer && (
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {certificate.issuer}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{certificate.domains.join(', ')}</TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <StatusBadge status={BADGE_STATUS[certificate.status]} output={certificate.last_error} />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {certificate.type === 'csr' && certificate.status === 'pending'
                      ? t('siteCertificates.list.csrPending')
                      : t(`siteCertificates.list.statuses.${certificate.status}` as const)}
                  </Typography>
                </Stack>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {certificate.expires_at ? (
                  <time dateTime={certificate.expires_at}>
                    {date.format(new Date(certificate.expires_at))}
                  </time>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>
                {certificate.active && (
                  <Chip
                    size="small"
                    color="success"
                    label={t('siteCertificates.list.activeChip')}
                    data-testid="certificate-active"
                  />
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowActions certificate={certificate} actions={actions} />
              </TableCell>
            </TableRow>
            {certificate.last_error && (
              <TableRow>
                <TableCell colSpan={6} sx={{ pt: 0 }}>
                  <Alert
                    severity={certificate.status === 'failed' ? 'error' : 'warning'}
                    data-testid="certificate-error"
                  >
                    {t('siteCertificates.list.lastError', { error: certificate.last_error })}
                  </Alert>
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        ))
      }
    </EventHistoryTable>
  );
}

function RowActions({ certificate, actions }: { certificate: Certificate; actions: CertificateActions }) {
  const { t } = useTranslation();
  const issued = certificate.status === 'issued';
  return (
    <>
      {certificate.event_id !== null && (
        <Button
          size="small"
          onClick={() => actions.showOutput(certificate.event_id!)}
          data-testid="certificate-output"
        >
          {t('siteCertificates.list.output')}
        </Button>
      )}
      {certificate.type === 'csr' && certificate.csr && (
        <Button size="small" onClick={() => actions.showCsr(certificate)} data-testid="certificate-show-csr">
          {t('siteCertificates.list.showCsr')}
        </Button>
      )}
      {certificate.type === 'csr' && !issued && (
        <Button
          size="small"
          onClick={() => actions.installSigned(certificate)}
          data-testid="certificate-install"
        >
          {t('siteCertificates.list.installSigned')}
        </Button>
      )}
      {issued && (
        <Button
          size="small"
          color={certificate.active ? 'warning' : 'primary'}
          onClick={() => actions.setActive(certificate, !certificate.active)}
          data-testid={certificate.active ? 'certificate-deactivate' : 'certificate-activate'}
        >
          {certificate.active ? t('siteCertificates.list.deactivate') : t('siteCertificates.list.activate')}
        </Button>
      )}
      {issued && (
        <Button size="small" onClick={() => actions.clone(certificate)} data-testid="certificate-clone">
          {t('siteCertificates.list.clone')}
        </Button>
      )}
      <Button
        size="small"
        color="error"
        onClick={() => actions.remove(certificate)}
        data-testid="certificate-delete"
      >
        {t('siteCertificates.list.delete')}
      </Button>
    </>
  );
}
