import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '@hostdeck/contracts';
import { TOPUP_MINIMUM_CENTS } from '@hostdeck/contracts/billing';
import { findPlan, type Subscription } from '@hostdeck/contracts/plans';
import { notifySuccess } from '../../../api/error-handling';
import { useFieldErrors } from '../../../api/form-errors';
import { APP_INFO_QUERY_KEY, useAppInfo } from '../../../api/use-app-info';
import { ActionDialog, ActionDialogFrame } from '../../../components/ActionDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { TopupDialog, type PlanByCard } from '../TopupDialog';
import type en from './locales/en.json';
import { registerBillingPlansCatalogues } from './catalogue';
import {
  cancelSubscription,
  formatUsd,
  invoicesKey,
  serverHasPlan,
  subscribe,
  subscriptionsKey,
  useOwnServers,
  useSubscriptions,
} from './plans-api';

registerBillingPlansCatalogues();

declare module '../../../i18n/section-catalogues' {
  interface SectionCatalogues {
    billingPlans: typeof en;
  }
}

type Plan = AppInfo['plans'][number];

/**
 * The Plans tab of `/user/billing` (issue 24 point 3): the plans with their prices (the sale price
 * while a sales event runs), buying one for a server from the balance (what is missing shown
 * before paying), and the subscriptions with their next invoice, the cycle left and cancel at
 * period end.
 */
export default function PlansPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const info = useAppInfo();
  const subscriptions = useSubscriptions();
  const [buying, setBuying] = useState<Plan | null>(null);
  const [canceling, setCanceling] = useState<Subscription | null>(null);
  const [payingByCard, setPayingByCard] = useState<PlanByCard | null>(null);
  const planName = usePlanName();
  const money = (cents: number) => formatUsd(cents, i18n.language);
  const date = (value: string) => new Date(value).toLocaleDateString(i18n.language);
  const plans = info.data?.plans ?? [];
  const balance = subscriptions.data?.balance_cents ?? 0;
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
      queryClient.invalidateQueries({ queryKey: invoicesKey }),
      queryClient.invalidateQueries({ queryKey: ['servers'] }),
      // The user becomes (or stops being) a paid user: the promo banner and VIP badge follow.
      queryClient.invalidateQueries({ queryKey: APP_INFO_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['billing'] }),
    ]);
  };

  return (
    <Stack spacing={3} data-testid="billing-plans">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('billingPlans.intro')}
        </Typography>
        <Typography variant="subtitle1" data-testid="billing-plans-balance" sx={{ whiteSpace: 'nowrap' }}>
          {t('billingPlans.balance', { amount: money(balance) })}
        </Typography>
      </Stack>
      {plans.length === 0 ? (
        <Alert severity="info">{t('billingPlans.noPlans')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {plans.map((plan) => {
            // The regular price is the catalogue's (kept out of app info's first-bundle schema).
            const regularCents = findPlan(plan.id)?.price_cents ?? plan.price_cents;
            const onSale = plan.price_cents < regularCents;
            return (
              <Card key={plan.id} variant="outlined" data-testid={`plan-${plan.id}`}>
                <CardContent>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                    <Typography variant="h6">{planName(plan.id)}</Typography>
                    {onSale && <Chip size="small" color="warning" label={t('billingPlans.sale')} />}
                  </Stack>
                  <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, mt: 1 }}>
                    <Typography variant="h4" data-testid="plan-price">
                      {money(plan.price_cents)}
                    </Typography>
                    {onSale && (
                      <Typography
                        variant="body1"
                        sx={{ textDecoration: 'line-through', color: 'text.secondary' }}
                        data-testid="plan-regular-price"
                      >
                        {money(regularCents)}
                      </Typography>
                    )}
                  </Stack>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(
                      plan.interval === 'lifetime'
                        ? 'billingPlans.interval.lifetime'
                        : 'billingPlans.interval.month',
                    )}
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button
                    variant="contained"
                    onClick={() => setBuying(plan)}
                    data-testid={`plan-buy-${plan.id}`}
                  >
                    {t('billingPlans.buy')}
                  </Button>
                </CardActions>
              </Card>
            );
          })}
        </Box>
      )}

      <Typography variant="h6">{t('billingPlans.subscriptions.title')}</Typography>
      {subscriptions.isPending ? (
        <LoadingIndicator />
      ) : subscriptions.isError ? null : subscriptions.data.data.length === 0 ? (
        <Alert severity="info" data-testid="subscriptions-empty">
          {t('billingPlans.subscriptions.empty')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('billingPlans.subscriptions.server')}</TableCell>
                <TableCell>{t('billingPlans.subscriptions.plan')}</TableCell>
                <TableCell>{t('billingPlans.subscriptions.price')}</TableCell>
                <TableCell>{t('billingPlans.subscriptions.status')}</TableCell>
                <TableCell>{t('billingPlans.subscriptions.nextInvoice')}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{t('billingPlans.subscriptions.remaining')}</TableCell>
                <TableCell align="right">{t('billingPlans.subscriptions.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {subscriptions.data.data.map((subscription) => (
                <TableRow key={subscription.id} data-testid={`subscription-${subscription.id}`}>
                  <TableCell>{subscription.server_name ?? t('billingPlans.subscriptions.none')}</TableCell>
                  <TableCell>{planName(subscription.plan_id)}</TableCell>
                  <TableCell>{money(subscription.price_cents)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      data-testid="subscription-status"
                      color={
                        subscription.status === 'active'
                          ? 'success'
                          : subscription.status === 'past_due'
                            ? 'error'
                            : 'default'
                      }
                      label={t(`billingPlans.subscriptions.statuses.${subscription.status}`)}
                    />
                    {subscription.status === 'past_due' && subscription.grace_until && (
                      <Typography variant="caption" sx={{ display: 'block', color: 'error.main' }}>
                        {t('billingPlans.subscriptions.graceUntil', { date: date(subscription.grace_until) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell data-testid="subscription-next-invoice">
                    {subscription.next_invoice_date
                      ? date(subscription.next_invoice_date)
                      : subscription.current_period_end === null
                        ? t('billingPlans.subscriptions.lifetime')
                        : subscription.status === 'ended'
                          ? t('billingPlans.subscriptions.none')
                          : t('billingPlans.subscriptions.endsOn', {
                              date: date(subscription.current_period_end),
                            })}
                  </TableCell>
                  <TableCell>
                    {subscription.remaining_percent === null ? (
                      t('billingPlans.subscriptions.lifetime')
                    ) : (
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                        <LinearProgress
                          variant="determinate"
                          value={subscription.remaining_percent}
                          sx={{ flex: 1 }}
                          aria-label={t('billingPlans.subscriptions.remaining')}
                        />
                        <Typography variant="caption" data-testid="subscription-remaining">
                          {subscription.remaining_percent}%
                        </Typography>
                      </Stack>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {subscription.current_period_end !== null &&
                      (subscription.status === 'active' || subscription.status === 'past_due') && (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setCanceling(subscription)}
                          data-testid="subscription-cancel"
                        >
                          {t('billingPlans.subscriptions.cancel')}
                        </Button>
                      )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <ActionDialog open={buying !== null} onClose={() => setBuying(null)}>
        {buying && (
          <BuyPlanForm
            plan={buying}
            balanceCents={balance}
            onClose={() => setBuying(null)}
            onPayByCard={(purpose, amountCents) => {
              setBuying(null);
              setPayingByCard({ purpose, amountCents, isBought: () => serverHasPlan(purpose.server_id) });
            }}
            onBought={async () => {
              setBuying(null);
              notifySuccess(t('billingPlans.dialog.done'));
              await refresh();
            }}
          />
        )}
      </ActionDialog>
      {payingByCard && (
        <TopupDialog
          plan={payingByCard}
          onClose={() => {
            setPayingByCard(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={canceling !== null}
        title={t('billingPlans.subscriptions.cancelTitle')}
        message={t('billingPlans.subscriptions.cancelMessage', {
          date: canceling?.current_period_end ? date(canceling.current_period_end) : '',
        })}
        confirmLabel={t('billingPlans.subscriptions.cancelConfirm')}
        destructive
        onClose={() => setCanceling(null)}
        onConfirm={async () => {
          await cancelSubscription(canceling!.id);
          notifySuccess(t('billingPlans.subscriptions.canceled'));
          await refresh();
        }}
      />
    </Stack>
  );
}

/** A plan's name in the reader's language, by its id (the catalogue's English name otherwise). */
function usePlanName(): (id: string) => string {
  const { t } = useTranslation();
  return (id) =>
    id === 'vip_monthly'
      ? t('billingPlans.plans.vip_monthly')
      : id === 'vip_lifetime'
        ? t('billingPlans.plans.vip_lifetime')
        : id;
}

function BuyPlanForm({
  plan,
  balanceCents,
  onClose,
  onBought,
  onPayByCard,
}: {
  plan: Plan;
  balanceCents: number;
  onClose: () => void;
  onBought: () => Promise<void>;
  onPayByCard: (purpose: { plan_id: string; server_id: number }, amountCents: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const planName = usePlanName();
  const servers = useOwnServers();
  const candidates = (servers.data ?? []).filter((server) => !server.is_vip);
  const [serverId, setServerId] = useState<string>('');
  const [coupon, setCoupon] = useState('');
  const fieldErrors = useFieldErrors();
  const money = (cents: number) => formatUsd(cents, i18n.language);
  const missing = plan.price_cents - balanceCents;
  const chosen = serverId || (candidates[0] ? String(candidates[0].id) : '');
  const buy = useMutation({
    mutationFn: subscribe,
    onSuccess: () => onBought(),
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  return (
    <ActionDialogFrame
      form
      title={t('billingPlans.dialog.title', { plan: planName(plan.id) })}
      submitLabel={t('billingPlans.dialog.submit')}
      submitTestId="plan-buy-submit"
      submitDisabled={chosen === ''}
      busy={buy.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (buy.isPending || chosen === '') return;
        fieldErrors.clear();
        buy.mutate({ plan_id: plan.id, server_id: Number(chosen), coupon: coupon.trim() || undefined });
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography data-testid="plan-buy-price">
          {t('billingPlans.dialog.price', { amount: money(plan.price_cents) })}
        </Typography>
        <Typography variant="body2">
          {t('billingPlans.dialog.balance', { amount: money(balanceCents) })}
        </Typography>
        {missing > 0 && (
          <Alert
            severity="warning"
            data-testid="plan-buy-missing"
            action={
              <Button
                color="inherit"
                size="small"
                disabled={chosen === ''}
                data-testid="plan-buy-card"
                onClick={() =>
                  onPayByCard(
                    { plan_id: plan.id, server_id: Number(chosen) },
                    Math.max(missing, TOPUP_MINIMUM_CENTS),
                  )
                }
              >
                {t('billingPlans.dialog.payByCard', {
                  amount: money(Math.max(missing, TOPUP_MINIMUM_CENTS)),
                })}
              </Button>
            }
          >
            {t('billingPlans.dialog.missing', { missing: money(missing) })}
          </Alert>
        )}
        {servers.isPending ? (
          <LoadingIndicator />
        ) : candidates.length === 0 ? (
          <Alert severity="info">{t('billingPlans.dialog.noServers')}</Alert>
        ) : (
          <TextField
            select
            name="server_id"
            label={t('billingPlans.dialog.server')}
            value={chosen}
            onChange={(event) => {
              setServerId(event.target.value);
              fieldErrors.clear('server_id');
            }}
            error={fieldErrors.has('server_id')}
            helperText={fieldErrors.get('server_id')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'plan-buy-server' } as object } }}
          >
            {candidates.map((server) => (
              <MenuItem key={server.id} value={String(server.id)}>
                {server.display_name} ({server.ip})
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          name="coupon"
          label={t('billingPlans.dialog.coupon')}
          value={coupon}
          onChange={(event) => {
            setCoupon(event.target.value);
            fieldErrors.clear('coupon');
          }}
          error={fieldErrors.has('coupon')}
          helperText={fieldErrors.get('coupon') ?? t('billingPlans.dialog.couponNote')}
          slotProps={{ htmlInput: { 'data-testid': 'plan-buy-coupon', maxLength: 32 } }}
        />
        {fieldErrors.has('balance') && (
          <Alert severity="error" data-testid="plan-buy-error">
            {fieldErrors.get('balance')}
          </Alert>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
