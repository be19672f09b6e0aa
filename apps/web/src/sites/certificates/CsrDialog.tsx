import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Certificate, CsrCertificateRequest } from '@hostdeck/contracts';
import { applyFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { copyText } from '../copy-text';

interface CsrDialogProps {
  open: boolean;
  defaultDomains: string[];
  onClose: () => void;
  onCreate: (request: CsrCertificateRequest) => Promise<Certificate>;
}

type TextFieldName = 'country' | 'state' | 'city' | 'organization' | 'department';

/** A key and CSR made by the panel (spec/000 §7 certificates csr); the CSR is shown to copy. */
export function CsrDialog({ open, onClose, ...props }: CsrDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      {open ? <CsrForm onClose={onClose} {...props} /> : null}
    </Dialog>
  );
}

function CsrForm({ defaultDomains, onClose, onCreate }: Omit<CsrDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [domains, setDomains] = useState(defaultDomains.join(', '));
  const [values, setValues] = useState<Record<TextFieldName, string>>({
    country: '',
    state: '',
    city: '',
    organization: '',
    department: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Certificate | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError); its field
  // errors go under the fields.
  const create = useMutation({
    mutationFn: onCreate,
    onSuccess: setCreated,
    onError: (failure) => {
      const found: Record<string, string> = {};
      // Errors of one domain come as `domains.N`: shown under the domains field.
      applyFieldErrors(failure, (field, text) => (found[field.split('.')[0]!] ??= text));
      setErrors(found);
    },
  });
  const busy = create.isPending;

  if (created?.csr) return <CsrCreated csr={created.csr} onClose={onClose} />;

  function submit() {
    if (busy) return;
    setErrors({});
    const list = domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean);
    create.mutate({
      domains: list,
      country: values.country.trim().toUpperCase(),
      state: values.state,
      city: values.city,
      organization: values.organization,
      ...(values.department.trim() ? { department: values.department } : {}),
    });
  }

  const field = (name: TextFieldName, size: number) => (
    <Grid size={{ xs: 12, sm: size }} key={name}>
      <TextField
        name={name}
        label={t(`siteCertificates.csr.${name}`)}
        value={values[name]}
        onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
        error={Boolean(errors[name])}
        helperText={errors[name]}
        fullWidth
        slotProps={{
          htmlInput: { 'data-testid': `ssl-csr-${name}`, maxLength: name === 'country' ? 2 : 64 },
        }}
      />
    </Grid>
  );

  return (
    <ActionDialogFrame
      form
      title={t('siteCertificates.csr.title')}
      submitLabel={t('siteCertificates.csr.submit')}
      submitTestId="ssl-csr-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('siteCertificates.csr.message')}</DialogContentText>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            name="domains"
            label={t('siteCertificates.csr.domains')}
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
            error={Boolean(errors.domains)}
            helperText={errors.domains ?? t('siteCertificates.csr.domainsHelp')}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'ssl-csr-domains' } }}
          />
        </Grid>
        {field('country', 4)}
        {field('state', 8)}
        {field('city', 6)}
        {field('organization', 6)}
        {field('department', 12)}
      </Grid>
    </ActionDialogFrame>
  );
}

/** The CSR just made, to copy and send to a certificate authority. */
export function CsrCreated({ csr, onClose }: { csr: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle>{t('siteCertificates.csr.createdTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('siteCertificates.csr.createdMessage')}
        </Alert>
        <TextField
          value={csr}
          multiline
          fullWidth
          minRows={8}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'ssl-csr-text' },
            input: { sx: { fontFamily: 'monospace', fontSize: 13 } },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copyText(csr)}>{t('siteCertificates.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('siteCertificates.csr.close')}
        </Button>
      </DialogActions>
    </>
  );
}
