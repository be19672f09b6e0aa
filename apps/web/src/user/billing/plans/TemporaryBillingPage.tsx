import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { PageTitle } from '../../../pages/PageTitle';
import { registerBillingInvoicesCatalogues } from '../invoices/catalogue';
import { registerBillingPlansCatalogues } from './catalogue';

registerBillingPlansCatalogues();
registerBillingInvoicesCatalogues();

const PlansPanel = lazy(() => import('./PlansPanel'));
const InvoicesPanel = lazy(() => import('../invoices/InvoicesPanel'));

/**
 * TEMPORARY (branch billing-plans only): shows the Plans and Invoices tabs at /user/billing until
 * the billing-money helper's page, which imports the same two panels as tabs, is merged.
 */
export default function TemporaryBillingPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'plans' | 'invoices'>('plans');
  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.userBilling')}</PageTitle>
      <Tabs value={tab} onChange={(_event, value: 'plans' | 'invoices') => setTab(value)}>
        <Tab value="plans" label={t('billingPlans.title')} />
        <Tab value="invoices" label={t('billingInvoices.title')} />
      </Tabs>
      <Suspense fallback={<LoadingIndicator />}>
        {tab === 'plans' ? <PlansPanel /> : <InvoicesPanel />}
      </Suspense>
    </Stack>
  );
}
