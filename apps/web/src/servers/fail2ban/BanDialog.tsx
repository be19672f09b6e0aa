import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fail2banIpSchema } from '@hostdeck/contracts/fail2ban';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';

/** Ban an address by hand in one running jail (the server refuses the panel's own address). */
export function BanDialog({
  open,
  jails,
  onClose,
  onSubmit,
}: {
  open: boolean;
  jails: readonly string[];
  onClose: () => void;
  onSubmit: (body: { ip: string; jail: string }) => Promise<void>;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      {open ? <BanForm jails={jails} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Dialog>
  );
}

function BanForm({
  jails,
  onClose,
  onSubmit,
}: {
  jails: readonly string[];
  onClose: () => void;
  onSubmit: (body: { ip: string; jail: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [ip, setIp] = useState('');
  const [jail, setJail] = useState(jails[0] ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldErrors = useFieldErrors();
  const ban = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => onClose(),
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });
  const submit = () => {
    if (ban.isPending) return;
    if (!fail2banIpSchema.safeParse(ip.trim()).success) return setProblem(t('validation.ipv4'));
    setProblem(null);
    ban.mutate({ ip: ip.trim(), jail });
  };
  return (
    <ActionDialogFrame
      title={t('fail2ban.banTitle')}
      submitLabel={t('fail2ban.ban')}
      submitColor="error"
      busy={ban.isPending}
      submitTestId="fail2ban-ban-submit"
      form
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('fail2ban.allowList.address')}
          value={ip}
          onChange={(event) => {
            setIp(event.target.value);
            setProblem(null);
            fieldErrors.clear('ip');
          }}
          error={Boolean(problem ?? fieldErrors.get('ip'))}
          helperText={problem ?? fieldErrors.get('ip')}
          name="ip"
          slotProps={{ htmlInput: { 'data-testid': 'fail2ban-ban-ip' } }}
          fullWidth
        />
        <TextField
          select
          label={t('fail2ban.columns.jail')}
          value={jail}
          onChange={(event) => setJail(event.target.value)}
          fullWidth
        >
          {jails.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </ActionDialogFrame>
  );
}
