import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { isCreateNameValid, joinPath } from './name-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/**
 * spec/001 §2, §5 Create file or folder in the current folder: one non-empty name, which may hold
 * sub-folders (hints folder/filename.txt and abc/def/xyz). A file is created with /files/save new.
 */
export function CreateDialog({
  kind,
  context,
  onClose,
}: {
  kind: 'file' | 'folder';
  context: FileDialogContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const { busy, fieldErrors, run } = useDialogAction();
  const group = kind === 'file' ? 'createFile' : 'createFolder';

  function submit() {
    if (!isCreateNameValid(name)) return;
    const folder = context.currentPath;
    const action = () =>
      kind === 'file'
        ? context.client.save(joinPath(folder, name), '', true)
        : context.client.mkdir(folder, name.trim().replace(/^\/+|\/+$/g, ''));
    void run(action, () => {
      context.refresh(folder);
      if (kind === 'file') context.open(joinPath(folder, name), 'file');
      onClose();
    });
  }

  return (
    <FileDialogFrame
      name={kind === 'file' ? 'create-file' : 'create-folder'}
      title={t(`fileDialogs.${group}.title`)}
      submitLabel={t('fileDialogs.common.create')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitDisabled={!isCreateNameValid(name)}
    >
      <TextField
        autoFocus
        fullWidth
        required
        size="small"
        name="name"
        label={t(`fileDialogs.${group}.name`)}
        placeholder={kind === 'file' ? 'folder/filename.txt' : 'abc/def/xyz'}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.has('name') || fieldErrors.has('path')}
        helperText={fieldErrors.get('name') ?? fieldErrors.get('path') ?? t(`fileDialogs.${group}.hint`)}
        slotProps={{ htmlInput: { 'data-testid': FILE_DIALOG_FIELD.name } }}
        sx={{ mt: 1 }}
      />
    </FileDialogFrame>
  );
}
