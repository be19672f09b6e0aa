import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingRoutes, COUPON_APPLIES_TO, type Coupon } from '@hostdeck/contracts/billing';
import { apiGetParsed, apiPath, apiSend } from '../api/client';
import { notifySuccess } from '../api/error-handling';
import { fieldErrorsOf } from '../api/form-errors';
import { LoadingIndicator } from '../components/LoadingIndicator';

const COUPONS_KEY = ['admin', 'coupons'] as const;

function discountOf(coupon: Coupon, language: string): string {
  if (coupon.percent_off !== null) return `${coupon.percent_off} %`;
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(
    (coupon.amount_off ?? 0) / 100,
  );
}

/** Coupons (issue 24 point 5, docs/billing.md): the administrators make and delete them. */
export function CouponsTab() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: COUPONS_KEY,
    queryFn: async () =>
      (await apiGetParsed(billingRoutes.adminCoupons.path, billingRoutes.adminCoupons.response)).data,
  });
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('20');
  const [appliesTo, setAppliesTo] = useState<(typeof COUPON_APPLIES_TO)[number]>('any');
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');
  const [firstTime, setFirstTime] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY });

  async function create() {
    setBusy(true);
    setErrors({});
    try {
      const number = Number(value);
      await apiSend(
        'POST',
        billingRoutes.adminCreateCoupon.path,
        {
          code: code.trim(),
          percent_off: kind === 'percent' ? Math.round(number) : null,
          amount_off: kind === 'amount' ? Math.round(number * 100) : null,
          applies_to: appliesTo,
          max_uses: maxUses ? Number(maxUses) : null,
          expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
          first_time_only: firstTime,
        },
        billingRoutes.adminCreateCoupon.response,
      );
      notifySuccess(t('admin.coupons.created'));
      setCode('');
      await refresh();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            size="small"
            label={t('admin.coupons.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(errors.code)}
            helperText={errors.code}
            slotProps={{ htmlInput: { 'data-testid': 'coupon-code', maxLength: 32 } }}
          />
          <TextField
            size="small"
            select
            label={t('admin.coupons.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as 'percent' | 'amount')}
          >
            <MenuItem value="percent">{t('admin.coupons.percent')}</MenuItem>
            <MenuItem value="amount">{t('admin.coupons.amount')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('admin.coupons.value')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={Boolean(errors.percent_off || errors.amount_off)}
            helperText={errors.percent_off || errors.amount_off}
          />
          <TextField
            size="small"
            select
            label={t('admin.coupons.appliesTo')}
            value={appliesTo}
            onChange={(event) => setAppliesTo(event.target.value as (typeof COUPON_APPLIES_TO)[number])}
          >
            {COUPON_APPLIES_TO.map((use) => (
              <MenuItem key={use} value={use}>
                {t(`admin.coupons.uses.${use}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('admin.coupons.maxUses')}
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
          <TextField
            size="small"
            type="date"
            label={t('admin.coupons.expires')}
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormControlLabel
            control={
              <Checkbox checked={firstTime} onChange={(event) => setFirstTime(event.target.checked)} />
            }
            label={t('admin.coupons.firstTime')}
          />
          <Button variant="contained" onClick={() => void create()} disabled={busy || !code.trim()}>
            {t('admin.coupons.create')}
          </Button>
        </Stack>
      </Paper>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? null : list.data.length === 0 ? (
        <Alert severity="info">{t('admin.coupons.empty')}</Alert>
      ) : (
        <Paper variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.coupons.code')}</TableCell>
                <TableCell>{t('admin.coupons.value')}</TableCell>
                <TableCell>{t('admin.coupons.appliesTo')}</TableCell>
                <TableCell>{t('admin.coupons.used')}</TableCell>
                <TableCell>{t('admin.coupons.expires')}</TableCell>
                <TableCell>{t('admin.coupons.firstTime')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((coupon) => (
                <TableRow key={coupon.id}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{coupon.code}</TableCell>
                  <TableCell>{discountOf(coupon, i18n.language)}</TableCell>
                  <TableCell>{t(`admin.coupons.uses.${coupon.applies_to}`)}</TableCell>
                  <TableCell>
                    {coupon.times_used}
                    {coupon.max_uses !== null ? ` / ${coupon.max_uses}` : ''}
                  </TableCell>
                  <TableCell>
                    {coupon.expires_at
                      ? new Date(coupon.expires_at).toLocaleDateString(i18n.language)
                      : t('admin.coupons.never')}
                  </TableCell>
                  <TableCell>{coupon.first_time_only ? t('admin.yes') : t('admin.no')}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      onClick={async () => {
                        await apiSend(
                          'DELETE',
                          apiPath(billingRoutes.adminDeleteCoupon.path, { coupon: coupon.id }),
                          undefined,
                          { parse: () => undefined },
                        );
                        notifySuccess(t('admin.coupons.deleted'));
                        await refresh();
                      }}
                    >
                      {t('admin.coupons.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
