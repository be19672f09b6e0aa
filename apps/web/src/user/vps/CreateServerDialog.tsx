import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { findVpsProvider, type VpsCredential, type VpsPlan } from '@hostdeck/contracts/vps';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { createVpsServer, useVpsPlans, useVpsRegions } from './vps-api';

interface CreateServerDialogProps {
  open: boolean;
  credentials: readonly VpsCredential[];
  onClose: () => void;
  /** The creation's event started: the page opens its output. */
  onStarted: (eventId: number) => void;
}

/** "Create server" at a provider: credential, region, plan (with its monthly price), name. */
export function CreateServerDialog(props: CreateServerDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      {props.open ? <CreateServerForm {...props} /> : null}
    </Dialog>
  );
}

export function planLabel(t: TFunction, plan: VpsPlan, locale: string) {
  const price = new Intl.NumberFormat(locale, { style: 'currency', currency: plan.currency }).format(
    plan.price_monthly,
  );
  return t('userVps.create.planLabel', {
    name: plan.name,
    vcpus: plan.vcpus,
    memory: Math.round((plan.memory_mb / 1024) * 10) / 10,
    disk: plan.disk_gb,
    price,
  });
}

function CreateServerForm({ credentials, onClose, onStarted }: CreateServerDialogProps) {
  const { t, i18n } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [credentialId, setCredentialId] = useState<number>(credentials[0]?.id ?? 0);
  const credential = credentials.find((item) => item.id === credentialId) ?? null;
  const provider = credential?.provider ?? null;
  const [chosenRegion, setRegion] = useState<string | null>(null);
  const [chosenPlan, setPlan] = useState<string | null>(null);
  const [name, setName] = useState('');
  const regions = useVpsRegions(provider, credential?.id ?? null);
  const region = regions.data?.find((item) => item.id === chosenRegion)?.id ?? regions.data?.[0]?.id ?? null;
  const plans = useVpsPlans(provider, region, credential?.id ?? null);
  const plan = plans.data?.find((item) => item.id === chosenPlan)?.id ?? plans.data?.[0]?.id ?? null;
  const failure = regions.error ?? plans.error;

  const create = useMutation({
    mutationFn: () =>
      createVpsServer({
        credential_id: credentialId,
        region: region ?? '',
        plan: plan ?? '',
        name: name.trim(),
      }),
    onSuccess: (started) => {
      onClose();
      onStarted(started.event_id);
    },
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  return (
    <ActionDialogFrame
      form
      title={t('userVps.create.title')}
      submitLabel={t('userVps.create.submit')}
      submitTestId="vps-create-submit"
      submitDisabled={!region || !plan}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (create.isPending) return;
        fieldErrors.clear();
        create.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          name="credential_id"
          label={t('userVps.create.credential')}
          value={credentialId}
          onChange={(event) => {
            setCredentialId(Number(event.target.value));
            setRegion(null);
            setPlan(null);
          }}
          error={fieldErrors.has('credential_id')}
          helperText={fieldErrors.get('credential_id')}
          slotProps={{ htmlInput: { 'data-testid': 'vps-create-credential' } }}
        >
          {credentials.map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {`${item.name} (${findVpsProvider(item.provider)?.name ?? item.provider})`}
            </MenuItem>
          ))}
        </TextField>
        {failure ? <Alert severity="error">{failure.message}</Alert> : null}
        <TextField
          select
          name="region"
          label={t('userVps.create.region')}
          value={region ?? ''}
          disabled={!regions.data}
          onChange={(event) => {
            setRegion(event.target.value);
            setPlan(null);
          }}
          error={fieldErrors.has('region')}
          helperText={
            fieldErrors.get('region') ?? (regions.isFetching ? t('userVps.create.loading') : undefined)
          }
          slotProps={{ htmlInput: { 'data-testid': 'vps-create-region' } }}
        >
          {(regions.data ?? []).map((item) => (
            <MenuItem key={item.id} value={item.id} data-testid={`vps-region-${item.id}`}>
              {item.country ? `${item.name} (${item.country})` : item.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          name="plan"
          label={t('userVps.create.plan')}
          value={plan ?? ''}
          disabled={!plans.data || plans.data.length === 0}
          onChange={(event) => setPlan(event.target.value)}
          error={fieldErrors.has('plan')}
          helperText={
            fieldErrors.get('plan') ??
            (plans.isFetching
              ? t('userVps.create.loading')
              : plans.data?.length === 0
                ? t('userVps.create.noPlans')
                : undefined)
          }
          slotProps={{ htmlInput: { 'data-testid': 'vps-create-plan' } }}
        >
          {(plans.data ?? []).map((item) => (
            <MenuItem key={item.id} value={item.id} data-testid={`vps-plan-${item.id}`}>
              {planLabel(t, item, i18n.language)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="name"
          label={t('userVps.create.name')}
          value={name}
          required
          onChange={(event) => {
            setName(event.target.value);
            fieldErrors.clear('name');
          }}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name')}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'vps-create-name' } }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('userVps.create.help')}
        </Typography>
      </Stack>
    </ActionDialogFrame>
  );
}
