import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMISSION_HOLDING_DAYS,
  type Commission,
  type CommissionSummary,
  type ReferralCode,
} from '@hostdeck/contracts/referrals';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors } from '../../api/form-errors';
import { useAppInfo } from '../../api/use-app-info';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { ListPagination } from '../../pages/ListPagination';
import { PageTitle } from '../../pages/PageTitle';
import { useListPage } from '../../pages/use-list-page';
import { registerReferralCatalogues } from './catalogue';
import {
  creditCommission,
  createReferralCode,
  deleteReferralCode,
  referralCodesKey,
  renameReferralCode,
  useCommissions,
  useReferralCodes,
} from './referral-api';

registerReferralCatalogues();

/** Cents of USD in the user's language (spec/000 §9). */
function useMoney() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  return (cents: number) => format.format(cents / 100);
}

/** The link a code is shared with: the panel's register page with `?ref=` (kept 60 days). */
function shareLink(appUrl: string | undefined, code: string) {
  const origin = (appUrl || window.location.origin).replace(/\/+$/, '');
  return `${origin}/register?ref=${encodeURIComponent(code)}`;
}

/**
 * `/user/referral`, "Invite to Earn" (issue 24 point 6): the user's referral codes with their share
 * links, create / rename / delete, the commission rate (app info `max_commission`), and the
 * commissions with their pending, available and reversed totals.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const info = useAppInfo();
  const percent = Math.floor(info.data?.max_commission ?? 0);

  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.userReferral')}</PageTitle>
      <Stack spacing={0.5}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('referral.intro', { percent })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('referral.holding', { days: COMMISSION_HOLDING_DAYS })}
        </Typography>
      </Stack>
      <CodesSection appUrl={info.data?.app_url} />
      <CommissionsSection />
    </Stack>
  );
}

function CodesSection({ appUrl }: { appUrl: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const codes = useReferralCodes();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ReferralCode | null>(null);
  const [removing, setRemoving] = useState<ReferralCode | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: referralCodesKey });
  const copy = (code: string) => {
    void navigator.clipboard
      ?.writeText(shareLink(appUrl, code))
      .then(() => notifySuccess(t('referral.codes.copied')));
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6">{t('referral.codes.title')}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          data-testid="referral-code-create"
        >
          {t('referral.codes.create')}
        </Button>
      </Stack>
      {codes.isPending ? (
        <LoadingIndicator />
      ) : codes.isError ? null : codes.data.length === 0 ? (
        <Alert severity="info" data-testid="referral-codes-empty">
          {t('referral.codes.empty')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('referral.codes.columns.code')}</TableCell>
                <TableCell>{t('referral.codes.columns.name')}</TableCell>
                <TableCell>{t('referral.codes.columns.link')}</TableCell>
                <TableCell align="right">{t('referral.codes.columns.signups')}</TableCell>
                <TableCell align="right">{t('referral.codes.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {codes.data.map((code) => (
                <TableRow key={code.id} data-testid={`referral-code-${code.code}`}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{code.code}</TableCell>
                  <TableCell data-testid="referral-code-name">{code.name}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                      <Typography
                        variant="body2"
                        sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                        data-testid="referral-code-link"
                      >
                        {shareLink(appUrl, code.code)}
                      </Typography>
                      <Tooltip title={t('referral.codes.copy')}>
                        <IconButton
                          size="small"
                          aria-label={t('referral.codes.copy')}
                          onClick={() => copy(code.code)}
                          data-testid="referral-code-copy"
                        >
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{code.signups}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setRenaming(code)} data-testid="referral-code-rename">
                      {t('referral.codes.rename')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setRemoving(code)}
                      data-testid="referral-code-delete"
                    >
                      {t('referral.codes.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={creating || renaming !== null} onClose={() => close()} fullWidth maxWidth="sm">
        {creating || renaming ? (
          <CodeForm
            renaming={renaming}
            onClose={close}
            onDone={() => {
              close();
              void refresh();
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('referral.remove.title', { code: removing?.code ?? '' })}
        message={t('referral.remove.message')}
        confirmLabel={t('referral.remove.confirm')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          await deleteReferralCode(removing!.code);
          notifySuccess(t('referral.remove.done'));
          await refresh();
        }}
      />
    </Stack>
  );

  function close() {
    setCreating(false);
    setRenaming(null);
  }
}

function CodeForm({
  renaming,
  onClose,
  onDone,
}: {
  renaming: ReferralCode | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [name, setName] = useState(renaming?.name ?? '');
  const fieldErrors = useFieldErrors();
  const save = useMutation({
    mutationFn: () =>
      renaming
        ? renameReferralCode(renaming.code, name.trim())
        : createReferralCode({ code: code.trim(), name: name.trim() }),
    onSuccess: () => {
      notifySuccess(t(renaming ? 'referral.dialog.renamed' : 'referral.dialog.created'));
      onDone();
    },
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  return (
    <ActionDialogFrame
      form
      title={
        renaming
          ? t('referral.dialog.renameTitle', { code: renaming.code })
          : t('referral.dialog.createTitle')
      }
      submitLabel={renaming ? t('referral.dialog.save') : t('referral.dialog.create')}
      submitTestId="referral-code-submit"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (save.isPending) return;
        fieldErrors.clear();
        save.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {renaming ? null : (
          <TextField
            name="code"
            label={t('referral.dialog.code')}
            value={code}
            required
            autoFocus
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              fieldErrors.clear('code');
            }}
            error={fieldErrors.has('code')}
            helperText={fieldErrors.get('code') ?? t('referral.dialog.codeHelp')}
            slotProps={{ htmlInput: { maxLength: 32, 'data-testid': 'referral-code-input' } }}
          />
        )}
        <TextField
          name="name"
          label={t('referral.dialog.name')}
          value={name}
          required
          autoFocus={renaming !== null}
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('referral.dialog.nameHelp')}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'referral-name-input' } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}

const STATUS_COLOURS = {
  pending: 'warning',
  available: 'success',
  reversed: 'default',
  paid: 'info',
} as const;

function Totals({ summary }: { summary: CommissionSummary }) {
  const { t } = useTranslation();
  const money = useMoney();
  const items = [
    ['pending', summary.pending],
    ['available', summary.available],
    ['reversed', summary.reversed],
    ['paid', summary.paid],
  ] as const;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      {items.map(([key, cents]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5, flex: 1 }} data-testid={`commissions-${key}`}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(`referral.commissions.${key}`)}
          </Typography>
          <Typography variant="h6" data-testid="commissions-total">
            {money(cents)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

function CommissionsSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const money = useMoney();
  const listPage = useListPage();
  const list = useCommissions(listPage.page, listPage.itemsPerPage);
  const credit = useMutation({
    mutationFn: (commission: Commission) => creditCommission(commission.id),
    onSuccess: async () => {
      notifySuccess(t('referral.commissions.credited'));
      // The list, and the balance shown elsewhere (the billing page), moved.
      await queryClient.invalidateQueries();
    },
  });
  const date = (value: string) => new Date(value).toLocaleDateString(i18n.language);

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h6">{t('referral.commissions.title')}</Typography>
        {list.data ? (
          <Typography variant="body2" data-testid="commission-rate">
            {t('referral.commissions.rate', { percent: list.data.summary.percent })}
          </Typography>
        ) : null}
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? null : (
        <>
          <Totals summary={list.data.summary} />
          {list.data.meta.total === 0 ? (
            <Alert severity="info" data-testid="commissions-empty">
              {t('referral.commissions.empty')}
            </Alert>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('referral.commissions.columns.date')}</TableCell>
                    <TableCell>{t('referral.commissions.columns.account')}</TableCell>
                    <TableCell>{t('referral.commissions.columns.code')}</TableCell>
                    <TableCell align="right">{t('referral.commissions.columns.topup')}</TableCell>
                    <TableCell align="right">{t('referral.commissions.columns.percent')}</TableCell>
                    <TableCell align="right">{t('referral.commissions.columns.amount')}</TableCell>
                    <TableCell>{t('referral.commissions.columns.status')}</TableCell>
                    <TableCell>{t('referral.commissions.columns.availableAt')}</TableCell>
                    <TableCell align="right">{t('referral.commissions.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.data.map((row) => (
                    <TableRow key={row.id} data-testid="commission-row" data-commission-id={row.id}>
                      <TableCell>{date(row.created_at)}</TableCell>
                      <TableCell>{row.referred_name}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{row.code ?? '—'}</TableCell>
                      <TableCell align="right">{money(row.source_amount)}</TableCell>
                      <TableCell align="right" data-testid="commission-percent">
                        {row.percent}%
                      </TableCell>
                      <TableCell align="right" data-testid="commission-amount">
                        {money(row.amount)}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={STATUS_COLOURS[row.status]}
                          label={t(`referral.commissions.status.${row.status}`)}
                          data-testid="commission-status"
                        />
                      </TableCell>
                      <TableCell>{date(row.available_at)}</TableCell>
                      <TableCell align="right">
                        {row.status === 'available' ? (
                          <Button
                            size="small"
                            disabled={credit.isPending}
                            onClick={() => credit.mutate(row)}
                            data-testid="commission-credit"
                          >
                            {t('referral.commissions.credit')}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination listPage={listPage} total={list.data.meta.total} />
        </>
      )}
    </Stack>
  );
}
