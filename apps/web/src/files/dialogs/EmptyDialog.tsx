import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2 Empty (files only): 'Are you sure you want to do it?', then saves empty content. */
export function EmptyDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const files = context.selection.filter((item) => item.type !== 'dir' && item.linkType !== 'dir');
  const { busy, run } = useDialogAction();

  function submit() {
    void run(
      async () => {
        for (const file of files) await context.client.save(file.path, '');
      },
      () => {
        context.refresh();
        onClose();
      },
    );
  }

  return (
    <FileDialogFrame
      name="empty"
      title={t('fileDialogs.empty.title')}
      submitLabel={t('fileDialogs.empty.submit')}
      submitColor="error"
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitDisabled={files.length === 0}
    >
      <DialogContentText>{t('fileDialogs.empty.message')}</DialogContentText>
    </FileDialogFrame>
  );
}
