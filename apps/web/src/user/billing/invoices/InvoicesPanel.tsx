import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { ListPagination } from '../../../pages/ListPagination';
import { formatUsd, useInvoices } from '../plans/plans-api';
import type en from './locales/en.json';
import { registerBillingInvoicesCatalogues } from './catalogue';

registerBillingInvoicesCatalogues();

declare module '../../../i18n/section-catalogues' {
  interface SectionCatalogues {
    billingInvoices: typeof en;
  }
}

/**
 * The Invoices tab of `/user/billing` (issue 24 point 4): the numbered invoices, page by page,
 * each downloadable as a PDF in the language it was issued in.
 */
export default function InvoicesPanel() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const invoices = useInvoices(page, perPage);
  const money = (cents: number) => formatUsd(cents, i18n.language);

  if (invoices.isPending) return <LoadingIndicator />;
  if (invoices.isError) return null;
  if (invoices.data.meta.total === 0) {
    return (
      <Alert severity="info" data-testid="invoices-empty">
        {t('billingInvoices.empty')}
      </Alert>
    );
  }
  return (
    <Stack spacing={1} data-testid="billing-invoices">
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('billingInvoices.number')}</TableCell>
              <TableCell>{t('billingInvoices.date')}</TableCell>
              <TableCell>{t('billingInvoices.description')}</TableCell>
              <TableCell align="right">{t('billingInvoices.discount')}</TableCell>
              <TableCell align="right">{t('billingInvoices.amount')}</TableCell>
              <TableCell>{t('billingInvoices.paidWith')}</TableCell>
              <TableCell>{t('billingInvoices.status')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {invoices.data.data.map((invoice) => (
              <TableRow key={invoice.id} data-testid={`invoice-${invoice.number}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{invoice.number}</TableCell>
                <TableCell>{new Date(invoice.created_at).toLocaleDateString(i18n.language)}</TableCell>
                <TableCell>{invoice.lines[0]?.description ?? ''}</TableCell>
                <TableCell align="right">
                  {invoice.discount_cents > 0 ? money(-invoice.discount_cents) : ''}
                </TableCell>
                <TableCell align="right" data-testid="invoice-amount">
                  {money(invoice.amount_cents)}
                </TableCell>
                <TableCell>
                  {t(
                    invoice.paid_with === 'card'
                      ? 'billingInvoices.methods.card'
                      : 'billingInvoices.methods.balance',
                  )}
                </TableCell>
                <TableCell>
                  {t(
                    invoice.status === 'refunded'
                      ? 'billingInvoices.statuses.refunded'
                      : 'billingInvoices.statuses.paid',
                  )}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    href={invoice.pdf_url}
                    download={`${invoice.number}.pdf`}
                    aria-label={t('billingInvoices.downloadLabel', { number: invoice.number })}
                    data-testid="invoice-pdf"
                  >
                    {t('billingInvoices.download')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={invoices.data.meta.total}
        listPage={{
          page,
          itemsPerPage: perPage,
          setPage,
          setItemsPerPage: (size: number) => {
            setPerPage(size);
            setPage(1);
          },
        }}
      />
    </Stack>
  );
}
