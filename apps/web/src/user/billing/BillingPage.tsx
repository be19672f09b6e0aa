import AddCardIcon from '@mui/icons-material/AddCard';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { ListPagination } from '../../pages/ListPagination';
import { PageTitle } from '../../pages/PageTitle';
import { useListPage } from '../../pages/use-list-page';
import { useBalance, useTransactions } from './billing-api';
import { registerBillingCatalogues } from './catalogue';
import { formatUsd } from './format';
import { PaymentMethodsPanel } from './PaymentMethodsPanel';
import { TopupDialog } from './TopupDialog';

registerBillingCatalogues();

// The plans helper's panels (issue 24 points 3 and 4), loaded with their tab.
const PlansPanel = lazy(() => import('./plans/PlansPanel'));
const InvoicesPanel = lazy(() => import('./invoices/InvoicesPanel'));

const TABS = ['balance', 'plans', 'invoices', 'paymentMethods'] as const;
type BillingTab = (typeof TABS)[number];

/**
 * `/user/billing` (issue 24): the balance with its top-up (card through Stripe, or bank transfer
 * with VietQR), the transactions, saved cards, and the plans and invoices tabs.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<BillingTab>('balance');
  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.userBilling')}</PageTitle>
      <Tabs value={tab} onChange={(_event, next: BillingTab) => setTab(next)} variant="scrollable">
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`billing.tabs.${name}`)} data-testid={`billing-tab-${name}`} />
        ))}
      </Tabs>
      {tab === 'balance' ? <BalancePanel /> : null}
      {tab === 'paymentMethods' ? <PaymentMethodsPanel /> : null}
      <Suspense fallback={<LoadingIndicator />}>
        {tab === 'plans' ? <PlansPanel /> : null}
        {tab === 'invoices' ? <InvoicesPanel /> : null}
      </Suspense>
    </Stack>
  );
}

function BalancePanel() {
  const { t, i18n } = useTranslation();
  const balance = useBalance();
  const [toppingUp, setToppingUp] = useState(false);
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Stack sx={{ flex: 1 }}>
            <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
              {t('billing.balance.title')}
            </Typography>
            <Typography variant="h4" component="p" data-testid="billing-balance">
              {balance.data ? formatUsd(balance.data.balance_int, i18n.language) : '…'}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('billing.balance.help')}
            </Typography>
          </Stack>
          <Button
            variant="contained"
            startIcon={<AddCardIcon />}
            onClick={() => setToppingUp(true)}
            data-testid="billing-topup"
          >
            {t('billing.balance.topUp')}
          </Button>
        </Stack>
      </Paper>
      <TransactionsTable />
      {toppingUp ? <TopupDialog onClose={() => setToppingUp(false)} /> : null}
    </Stack>
  );
}

function TransactionsTable() {
  const { t, i18n } = useTranslation();
  const listPage = useListPage();
  const list = useTransactions(listPage.page, listPage.itemsPerPage);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('billing.transactions.title')}
      </Typography>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? null : list.data.data.length === 0 ? (
        <Alert severity="info" data-testid="billing-transactions-empty">
          {t('billing.transactions.empty')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" data-testid="billing-transactions">
            <TableHead>
              <TableRow>
                <TableCell>{t('billing.transactions.date')}</TableCell>
                <TableCell>{t('billing.transactions.type')}</TableCell>
                <TableCell>{t('billing.transactions.description')}</TableCell>
                <TableCell align="right">{t('billing.transactions.amount')}</TableCell>
                <TableCell align="right">{t('billing.transactions.balanceAfter')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.data.map((row) => (
                <TableRow key={row.id} data-testid={`billing-transaction-${row.id}`}>
                  <TableCell>{new Date(row.created_at).toLocaleString(i18n.language)}</TableCell>
                  <TableCell>
                    {t(`billing.transactions.types.${row.type}`, { defaultValue: row.type })}
                  </TableCell>
                  <TableCell>
                    {row.provider ? t(`billing.transactions.providers.${row.provider}`, { defaultValue: row.provider }) : null}
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
                      {row.reference}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ color: row.amount_int < 0 ? 'error.main' : 'success.main' }}>
                    {formatUsd(row.amount_int, i18n.language)}
                  </TableCell>
                  <TableCell align="right">{formatUsd(row.balance_after_int, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPagination listPage={listPage} total={list.data.meta.total} />
        </TableContainer>
      )}
    </Stack>
  );
}
