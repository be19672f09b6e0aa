import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { canRename, NAME_MAX_LENGTH } from './name-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2, §5 Rename: one field with a 255 counter; enabled once changed and valid. */
export function RenameDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const item = context.selection[0];
  const [name, setName] = useState(item?.name ?? '');
  const { busy, fieldErrors, run } = useDialogAction();
  if (!item) return null;

  function submit() {
    if (!item || !canRename(item.name, name)) return;
    void run(
      () => context.client.rename(item.path, name.trim()),
      () => {
        context.refresh();
        onClose();
      },
    );
  }

  return (
    <FileDialogFrame
      name="rename"
      title={t('fileDialogs.rename.title')}
      submitLabel={t('fileDialogs.rename.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitDisabled={!canRename(item.name, name)}
    >
      <TextField
        autoFocus
        fullWidth
        required
        name="name"
        size="small"
        label={t('fileDialogs.rename.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={name.length > NAME_MAX_LENGTH || fieldErrors.has('name')}
        helperText={fieldErrors.get('name') ?? `${name.length}/${NAME_MAX_LENGTH}`}
        slotProps={{ htmlInput: { 'data-testid': FILE_DIALOG_FIELD.name } }}
        sx={{ mt: 1 }}
      />
    </FileDialogFrame>
  );
}
