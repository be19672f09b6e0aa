import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@hostdeck/contracts/billing';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { deleteCard, makeCardDefault, paymentMethodsKey, saveCard, startCardSetup, usePaymentMethods } from './billing-api';
import { loadStripe, type StripeCardElement, type StripeClient } from './stripe-js';

/** Saved cards (Stripe payment methods): add with a SetupIntent, make one the default, delete. */
export function PaymentMethodsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey });

  return (
    <Stack spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('billing.cards.intro')}
      </Typography>
      <Stack direction="row">
        <Button variant="contained" onClick={() => setAdding(true)} data-testid="card-add">
          {t('billing.cards.add')}
        </Button>
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? null : list.data.length === 0 ? (
        <Alert severity="info">{t('billing.cards.empty')}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('billing.cards.brand')}</TableCell>
                <TableCell>{t('billing.cards.expires')}</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((card) => (
                <TableRow key={card.id} data-testid={`card-${card.last4}`}>
                  <TableCell>
                    {card.brand.toUpperCase()} •••• {card.last4}{' '}
                    {card.is_default ? <Chip size="small" color="primary" label={t('billing.cards.default')} /> : null}
                  </TableCell>
                  <TableCell>
                    {String(card.exp_month).padStart(2, '0')}/{card.exp_year}
                  </TableCell>
                  <TableCell align="right">
                    {card.is_default ? null : (
                      <Button
                        size="small"
                        onClick={async () => {
                          await makeCardDefault(card.id);
                          notifySuccess(t('billing.cards.madeDefault'));
                          await refresh();
                        }}
                      >
                        {t('billing.cards.makeDefault')}
                      </Button>
                    )}
                    <Button size="small" color="error" onClick={() => setDeleting(card)}>
                      {t('billing.cards.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {adding ? (
        <AddCardDialog
          onClose={() => setAdding(false)}
          onAdded={async () => {
            setAdding(false);
            notifySuccess(t('billing.cards.added'));
            await refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('billing.cards.deleteTitle')}
        message={t('billing.cards.deleteMessage', { last4: deleting?.last4 ?? '' })}
        confirmLabel={t('billing.cards.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await deleteCard(deleting!.id);
          notifySuccess(t('billing.cards.deleted'));
          await refresh();
        }}
      />
    </Stack>
  );
}

function AddCardDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => Promise<void> }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [setup, setSetup] = useState<{ stripe: StripeClient; secret: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    startCardSetup()
      .then(async (started) => ({ stripe: await loadStripe(started.js_url, started.publishable_key), secret: started.client_secret }))
      .then(
        (ready) => live && setSetup(ready),
        () => live && setFailure(t('billing.cards.unavailable')),
      );
    return () => {
      live = false;
    };
  }, [t]);

  useEffect(() => {
    if (!setup || !host.current) return;
    const element = setup.stripe.elements().create('card');
    element.mount(host.current);
    element.on('change', (event) => setComplete(event.complete));
    card.current = element;
    return () => element.destroy();
  }, [setup]);

  async function save() {
    if (!setup || !card.current) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await setup.stripe.confirmCardSetup(setup.secret, { payment_method: { card: card.current } });
      if (result.error || !result.setupIntent?.payment_method) {
        setFailure(t('billing.topup.cardFailed', { message: result.error?.message ?? '' }));
        return;
      }
      await saveCard(result.setupIntent.payment_method);
      await onAdded();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" disableEnforceFocus>
      <DialogTitle>{t('billing.cards.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          {setup ? null : failure ? null : <LoadingIndicator />}
          <Box
            ref={host}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: setup ? 'block' : 'none' }}
            data-testid="card-setup-element"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('billing.topup.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!complete || busy} data-testid="card-save">
          {t('billing.cards.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
