import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteNeedsConfirmation } from './delete-rules';
import { FileDialogFrame } from './FileDialogFrame';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/**
 * spec/001 §2, §5 Delete. Shallow paths (two segments or less under the root) and the swap file
 * need 'Yes, Do it!' ticked before the button is enabled.
 */
export function DeleteDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const paths = context.selection.map((item) => item.path);
  const needsBox = deleteNeedsConfirmation(context.root, paths);
  const [ticked, setTicked] = useState(false);
  const { busy, run } = useDialogAction();

  function submit() {
    if (paths.length === 0 || (needsBox && !ticked)) return;
    void run(
      () => context.client.delete(paths),
      () => {
        context.onDeleted?.(paths);
        context.refresh();
        onClose();
      },
    );
  }

  return (
    <FileDialogFrame
      name="delete"
      title={t('fileDialogs.delete.title')}
      submitLabel={t('fileDialogs.delete.submit')}
      submitColor="error"
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitDisabled={paths.length === 0 || (needsBox && !ticked)}
    >
      <DialogContentText>{t('fileDialogs.delete.message')}</DialogContentText>
      <DialogContentText variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
        {paths.slice(0, 5).join(', ')}
        {paths.length > 5 ? ` (+${paths.length - 5})` : ''}
      </DialogContentText>
      {needsBox ? (
        <FormControlLabel
          control={
            <Checkbox
              checked={ticked}
              onChange={(event) => setTicked(event.target.checked)}
              slotProps={{ input: { ...{ 'data-testid': FILE_DIALOG_FIELD.confirm } } }}
            />
          }
          label={t('fileDialogs.delete.confirm')}
        />
      ) : null}
    </FileDialogFrame>
  );
}
