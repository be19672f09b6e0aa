import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSshKey } from '@hostdeck/contracts/user-ssh-keys';
import { useFieldErrors } from '../../api/form-errors';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { createUserSshKey, generateSshKey } from './user-ssh-keys-api';

/**
 * "Generate key": the panel makes an Ed25519 pair (POST api/generate-ssh-key) and this dialog
 * shows its private half once, to copy or download; it is kept nowhere else, and closing the
 * dialog forgets it. The public half can then be saved as an account key.
 */
export function GenerateKeyDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (key: UserSshKey) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      {open ? <GeneratedKey onClose={onClose} onAdded={onAdded} /> : null}
    </Dialog>
  );
}

const mono = { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' } as const;

function GeneratedKey({ onClose, onAdded }: { onClose: () => void; onAdded: (key: UserSshKey) => void }) {
  const { t } = useTranslation();
  // Made once per opening; never cached past it (gcTime 0) nor refetched.
  const pair = useQuery({
    queryKey: ['generate-ssh-key', 'dialog'],
    queryFn: generateSshKey,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    meta: { handleErrors: false },
  });
  const [copied, setCopied] = useState(false);
  const [name, setName] = useState('');
  const fieldErrors = useFieldErrors();
  const save = useMutation({
    mutationFn: () => createUserSshKey({ name: name.trim(), public_key: pair.data!.public_key }),
    onSuccess: (key) => {
      onAdded(key);
      onClose();
    },
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  const copy = async () => {
    if (!pair.data) return;
    await navigator.clipboard.writeText(pair.data.private_key);
    setCopied(true);
  };
  const download = () => {
    if (!pair.data) return;
    const url = URL.createObjectURL(new Blob([pair.data.private_key], { type: 'application/x-pem-file' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'id_ed25519';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <>
      <DialogTitle>{t('userSshKeys.generated.title')}</DialogTitle>
      <DialogContent>
        {pair.isPending ? (
          <LoadingIndicator />
        ) : pair.isError ? (
          <Alert severity="error">{pair.error.message || t('userSshKeys.generated.failed')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{t('userSshKeys.generated.warning')}</Alert>
            <TextField
              label={t('userSshKeys.generated.privateKey')}
              value={pair.data.private_key}
              multiline
              minRows={6}
              slotProps={{
                htmlInput: { readOnly: true, style: mono, 'data-testid': 'generated-private-key' },
              }}
            />
            <Stack direction="row" spacing={1}>
              <Button
                startIcon={<ContentCopyIcon />}
                onClick={() => void copy()}
                data-testid="generated-copy"
              >
                {copied ? t('userSshKeys.generated.copied') : t('userSshKeys.generated.copy')}
              </Button>
              <Button startIcon={<DownloadIcon />} onClick={download} data-testid="generated-download">
                {t('userSshKeys.generated.download')}
              </Button>
            </Stack>
            <TextField
              label={t('userSshKeys.generated.publicKey')}
              value={pair.data.public_key}
              multiline
              slotProps={{
                htmlInput: { readOnly: true, style: mono, 'data-testid': 'generated-public-key' },
              }}
            />
            <TextField
              name="name"
              label={t('userSshKeys.generated.name')}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                fieldErrors.clear('name');
              }}
              error={fieldErrors.has('name') || fieldErrors.has('public_key')}
              helperText={fieldErrors.get('name') ?? fieldErrors.get('public_key')}
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'generated-name' } }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending} data-testid="generated-close">
          {t('userSshKeys.generated.close')}
        </Button>
        <Button
          variant="contained"
          disabled={!pair.data || name.trim() === ''}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="generated-save"
        >
          {t('userSshKeys.generated.save')}
        </Button>
      </DialogActions>
    </>
  );
}
