import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TOPUP_MINIMUM_CENTS,
  type BankTransfer,
  type Coupon,
  type TopupPurpose,
} from '@hostdeck/contracts/billing';
import { fieldErrorsOf } from '../../api/form-errors';
import {
  balanceKey,
  checkCoupon,
  startBankTopup,
  startCardTopup,
  transactionsKey,
  useBalance,
} from './billing-api';
import { formatUsd, formatVnd } from './format';
import { loadStripe, type StripeCardElement, type StripeClient } from './stripe-js';

type CouponTerms = Pick<Coupon, 'amount_off' | 'percent_off'>;
type Step =
  | { kind: 'form' }
  | {
      kind: 'card';
      clientSecret: string;
      stripe: StripeClient | null;
      amountCents: number;
      bonusCents: number;
      target: number;
    }
  | { kind: 'bank'; transfer: BankTransfer; target: number }
  | { kind: 'waiting'; target: number };

function bonusOf(coupon: CouponTerms | null, amountCents: number): number {
  if (!coupon) return 0;
  if (coupon.amount_off !== null) return Math.min(coupon.amount_off, amountCents);
  return Math.floor((amountCents * (coupon.percent_off ?? 0)) / 100);
}

/**
 * A plan paid by card (issue 24 point 3): the card pays `amountCents` with the plan in the
 * payment's metadata, and the webhook's credit buys the plan in the same transaction
 * (billing/plans/card-purchase.ts). The dialog waits until `isBought` says the server is VIP.
 */
export interface PlanByCard {
  purpose: TopupPurpose;
  amountCents: number;
  isBought: () => Promise<boolean>;
}

/**
 * The top-up dialog: an amount (at least $5.00), a coupon checked as it is typed, then a card
 * (Stripe Elements, 3-D Secure through confirmCardPayment) or a bank transfer (VietQR). The
 * balance moves only when the provider's webhook arrives, so the dialog waits for it.
 */
export function TopupDialog({ onClose, plan }: { onClose: () => void; plan?: PlanByCard }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [amount, setAmount] = useState(plan ? (plan.amountCents / 100).toFixed(2) : '10');
  const [method, setMethod] = useState<'card' | 'bank'>('card');
  const [couponCode, setCouponCode] = useState('');
  const [checked, setChecked] = useState<{ code: string; terms: CouponTerms | null } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const waitingForCredit = step.kind === 'waiting' || step.kind === 'bank';
  const balance = useBalance(waitingForCredit ? 1500 : false);

  const amountCents = Math.round(Number(amount.replace(',', '.')) * 100);
  const target = step.kind === 'waiting' || step.kind === 'bank' ? step.target : null;
  const bought = useQuery({
    queryKey: ['billing', 'plan-bought', plan?.purpose.server_id],
    queryFn: () => plan!.isBought(),
    enabled: plan !== undefined && step.kind === 'waiting',
    refetchInterval: (query) => (query.state.data === true ? false : 1500),
  });
  const credited = plan
    ? bought.data === true
    : target !== null && balance.data !== undefined && balance.data.balance_int >= target;

  useEffect(() => {
    if (credited) void queryClient.invalidateQueries({ queryKey: transactionsKey });
  }, [credited, queryClient]);

  // The coupon, checked a moment after the last keystroke.
  const code = couponCode.trim();
  useEffect(() => {
    if (!code) return;
    const timer = window.setTimeout(() => {
      checkCoupon(code).then(
        (terms) => setChecked({ code, terms }),
        () => setChecked({ code, terms: null }),
      );
    }, 400);
    return () => window.clearTimeout(timer);
  }, [code]);
  const couponState: 'idle' | 'checking' | 'valid' | 'invalid' = !code
    ? 'idle'
    : checked?.code !== code
      ? 'checking'
      : checked.terms
        ? 'valid'
        : 'invalid';
  const coupon = couponState === 'valid' ? checked!.terms : null;

  const bonus = bonusOf(coupon, Number.isFinite(amountCents) ? amountCents : 0);

  async function submit() {
    setFailure(null);
    if (!Number.isFinite(amountCents) || amountCents < TOPUP_MINIMUM_CENTS) {
      setErrors({ amount_cents: t('billing.topup.minimum') });
      return;
    }
    if (couponState === 'invalid' || couponState === 'checking') return;
    setErrors({});
    setBusy(true);
    const body = {
      amount_cents: amountCents,
      ...(coupon ? { coupon: code } : {}),
    };
    // Credited when the balance reaches what it was plus the top-up (the webhook's doing).
    const before = (await refetchBalance()) ?? 0;
    try {
      if (method === 'bank') {
        setStep({ kind: 'bank', transfer: await startBankTopup(body), target: before + amountCents });
      } else {
        const started = await startCardTopup(plan ? { ...body, purpose: plan.purpose } : body);
        const stripe = await loadStripe(started.js_url, started.publishable_key).catch(() => null);
        if (!stripe) setFailure(t('billing.topup.stripeUnavailable'));
        setStep({
          kind: 'card',
          clientSecret: started.client_secret,
          stripe,
          amountCents: started.amount_cents,
          bonusCents: started.bonus_cents,
          target: before + started.amount_cents,
        });
      }
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  async function refetchBalance(): Promise<number | undefined> {
    return (await balance.refetch()).data?.balance_int;
  }

  const close = () => {
    void queryClient.invalidateQueries({ queryKey: balanceKey });
    void queryClient.invalidateQueries({ queryKey: transactionsKey });
    onClose();
  };

  return (
    <Dialog open onClose={busy ? undefined : close} fullWidth maxWidth="sm" disableEnforceFocus>
      <DialogTitle>{plan ? t('billing.topup.planTitle') : t('billing.topup.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          {step.kind === 'form' ? (
            <>
              <TextField
                name="amount_cents"
                label={t('billing.topup.amount')}
                value={amount}
                type="number"
                autoFocus
                disabled={plan !== undefined}
                slotProps={{ htmlInput: { min: 5, step: '0.01', 'data-testid': 'topup-amount' } }}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setErrors((current) => ({ ...current, amount_cents: '' }));
                }}
                error={Boolean(errors.amount_cents)}
                helperText={errors.amount_cents || t('billing.topup.minimum')}
              />
              {plan ? (
                <Alert severity="info" data-testid="topup-plan-note">
                  {t('billing.topup.planNote')}
                </Alert>
              ) : null}
              <TextField
                name="coupon"
                label={t('billing.topup.coupon')}
                sx={plan ? { display: 'none' } : undefined}
                value={couponCode}
                slotProps={{
                  htmlInput: { 'data-testid': 'topup-coupon', maxLength: 32 },
                  formHelperText: { 'data-testid': 'topup-coupon-help' } as object,
                }}
                onChange={(event) => setCouponCode(event.target.value)}
                error={couponState === 'invalid' || Boolean(errors.coupon)}
                helperText={
                  errors.coupon ||
                  (couponState === 'checking'
                    ? t('billing.topup.couponChecking')
                    : couponState === 'invalid'
                      ? t('billing.topup.couponInvalid')
                      : couponState === 'valid' && coupon
                        ? coupon.percent_off !== null
                          ? t('billing.topup.couponPercent', {
                              percent: coupon.percent_off,
                              bonus: formatUsd(bonus, i18n.language),
                            })
                          : t('billing.topup.couponAmount', { bonus: formatUsd(bonus, i18n.language) })
                        : ' ')
                }
              />
              <Stack sx={plan ? { display: 'none' } : undefined}>
                <FormLabel>{t('billing.topup.method')}</FormLabel>
                <RadioGroup
                  row
                  value={method}
                  onChange={(event) => setMethod(event.target.value as 'card' | 'bank')}
                >
                  <FormControlLabel
                    value="card"
                    control={
                      <Radio slotProps={{ input: { 'data-testid': 'topup-method-card' } as object }} />
                    }
                    label={t('billing.topup.card')}
                  />
                  <FormControlLabel
                    value="bank"
                    control={
                      <Radio slotProps={{ input: { 'data-testid': 'topup-method-bank' } as object }} />
                    }
                    label={t('billing.topup.bank')}
                  />
                </RadioGroup>
              </Stack>
            </>
          ) : null}
          {step.kind === 'card' && step.stripe ? (
            <CardPayment
              stripe={step.stripe}
              clientSecret={step.clientSecret}
              amountCents={step.amountCents}
              bonusCents={step.bonusCents}
              onFailure={setFailure}
              onPaid={() => setStep({ kind: 'waiting', target: step.target })}
            />
          ) : null}
          {step.kind === 'bank' ? (
            <BankTransferDetails
              transfer={step.transfer}
              received={
                credited && balance.data
                  ? t('billing.topup.received', {
                      balance: formatUsd(balance.data.balance_int, i18n.language),
                    })
                  : null
              }
            />
          ) : null}
          {step.kind === 'waiting' ? (
            credited ? (
              <Alert severity="success" data-testid="topup-received">
                {plan
                  ? t('billing.topup.planBought')
                  : t('billing.topup.received', {
                      balance: formatUsd(balance.data!.balance_int, i18n.language),
                    })}
              </Alert>
            ) : (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="topup-waiting">
                <CircularProgress size={20} />
                <Typography>{t('billing.topup.waiting')}</Typography>
              </Stack>
            )
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} data-testid="topup-close">
          {step.kind === 'form' ? t('billing.topup.cancel') : t('billing.topup.close')}
        </Button>
        {step.kind === 'form' ? (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={busy}
            data-testid="topup-continue"
          >
            {t('billing.topup.continue')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

function CardPayment({
  stripe,
  clientSecret,
  amountCents,
  bonusCents,
  onPaid,
  onFailure,
}: {
  stripe: StripeClient;
  clientSecret: string;
  amountCents: number;
  bonusCents: number;
  onPaid: () => void;
  onFailure: (message: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [complete, setComplete] = useState(false);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!host.current) return;
    const element = stripe.elements().create('card');
    element.mount(host.current);
    element.on('change', (event) => setComplete(event.complete));
    card.current = element;
    return () => element.destroy();
  }, [stripe]);

  async function pay() {
    if (!card.current) return;
    setPaying(true);
    onFailure(null);
    const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: card.current } });
    setPaying(false);
    if (result.error) onFailure(t('billing.topup.cardFailed', { message: result.error.message ?? '' }));
    else onPaid();
  }

  return (
    <Stack spacing={2}>
      <Typography>
        {bonusCents > 0
          ? t('billing.topup.summaryBonus', {
              amount: formatUsd(amountCents, i18n.language),
              bonus: formatUsd(bonusCents, i18n.language),
            })
          : t('billing.topup.summary', { amount: formatUsd(amountCents, i18n.language) })}
      </Typography>
      <FormLabel>{t('billing.topup.cardLabel')}</FormLabel>
      <Box
        ref={host}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        data-testid="topup-card"
      />
      <Button
        variant="contained"
        onClick={() => void pay()}
        disabled={!complete || paying}
        data-testid="topup-pay"
      >
        {t('billing.topup.pay', { amount: formatUsd(amountCents, i18n.language) })}
      </Button>
    </Stack>
  );
}

function BankTransferDetails({ transfer, received }: { transfer: BankTransfer; received: string | null }) {
  const { t, i18n } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((module) =>
      module.toDataURL(transfer.qr, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setQr(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [transfer.qr]);
  type BankRow = 'bankName' | 'bankAccount' | 'bankAccountName' | 'bankAmount' | 'bankReference';
  const rows: [BankRow, string, string][] = [
    ['bankName', transfer.bank.name, 'bank-name'],
    ['bankAccount', transfer.bank.account, 'bank-account'],
    ['bankAccountName', transfer.bank.account_name, 'bank-account-name'],
    ['bankAmount', formatVnd(transfer.amount_vnd, i18n.language), 'bank-amount'],
    ['bankReference', transfer.reference, 'bank-reference'],
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('billing.topup.bankIntro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Box sx={{ width: 240, height: 240, flexShrink: 0 }}>
          {qr ? (
            <img src={qr} width={240} height={240} alt={t('billing.topup.qrAlt')} data-testid="bank-qr" />
          ) : (
            <CircularProgress />
          )}
        </Box>
        <Stack spacing={1}>
          {rows.map(([key, value, testId]) => (
            <Stack key={key}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t(`billing.topup.${key}`)}
              </Typography>
              <Typography
                sx={{ fontFamily: key === 'bankReference' ? 'monospace' : undefined }}
                data-testid={testId}
              >
                {value}
              </Typography>
            </Stack>
          ))}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('billing.topup.bankRate', { rate: formatVnd(transfer.usd_rate, i18n.language) })}
          </Typography>
        </Stack>
      </Stack>
      {received ? (
        <Alert severity="success" data-testid="topup-received">
          {received}
        </Alert>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} />
          <Typography>{t('billing.topup.bankWaiting')}</Typography>
        </Stack>
      )}
    </Stack>
  );
}
