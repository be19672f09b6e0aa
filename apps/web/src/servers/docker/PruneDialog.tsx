import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { usePrunePreview, type PruneKind } from './docker-api';

interface PruneDialogProps {
  serverId: number;
  kind: PruneKind;
  open: boolean;
  /** Images: every unused image rather than the dangling ones only. */
  all?: boolean;
  /** Shown above the list (the images' "all" switch). */
  extra?: ReactNode;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

/** A prune, with what it would remove read from the server first (spec: "a preview of what will go"). */
export function PruneDialog({
  serverId,
  kind,
  open,
  all = false,
  extra,
  onClose,
  onConfirm,
}: PruneDialogProps) {
  const { t } = useTranslation();
  const preview = usePrunePreview(serverId, kind, open, all);
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => onClose(),
    meta: { handleErrors: false },
  });
  const names = preview.data ?? [];

  return (
    <Dialog open={open} onClose={action.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <ActionDialogFrame
        title={t(`docker.prune.${kind}.title`)}
        submitLabel={t('docker.prune.confirm')}
        submitColor="error"
        submitDisabled={!preview.isSuccess || names.length === 0}
        submitTestId="docker-prune-confirm"
        busy={action.isPending}
        onClose={onClose}
        onSubmit={() => action.mutate()}
      >
        {extra}
        {preview.isPending ? (
          <LoadingIndicator />
        ) : preview.isError ? (
          <Alert severity="error">{preview.error.message}</Alert>
        ) : names.length === 0 ? (
          <DialogContentText data-testid="docker-prune-nothing">
            {t('docker.prune.nothing')}
          </DialogContentText>
        ) : (
          <>
            <DialogContentText>
              {t(`docker.prune.${kind}.message`, { count: names.length })}
            </DialogContentText>
            <List dense data-testid="docker-prune-preview" sx={{ maxHeight: 240, overflow: 'auto' }}>
              {names.map((name) => (
                <ListItem key={name} sx={{ fontFamily: 'monospace' }}>
                  {name}
                </ListItem>
              ))}
            </List>
          </>
        )}
      </ActionDialogFrame>
    </Dialog>
  );
}
