import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { FolderPickerField } from './FolderPickerField';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2, §7 Move and Copy: a destination folder; one agent call per item. */
export function TransferDialog({
  kind,
  context,
  onClose,
}: {
  kind: 'move' | 'copy';
  context: FileDialogContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [destination, setDestination] = useState(context.currentPath);
  const { busy, fieldErrors, run } = useDialogAction();
  const paths = context.selection.map((item) => item.path);

  function submit() {
    if (destination.trim() === '' || paths.length === 0) return;
    const action = () =>
      kind === 'move'
        ? context.client.move(paths, destination.trim())
        : context.client.copy(paths, destination.trim());
    void run(action, () => {
      context.refresh();
      context.refresh(destination.trim());
      onClose();
    });
  }

  return (
    <FileDialogFrame
      name={kind}
      title={t(`fileDialogs.${kind}.title`)}
      submitLabel={t(`fileDialogs.${kind}.submit`)}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitDisabled={destination.trim() === '' || paths.length === 0}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('fileDialogs.common.selected', { count: paths.length })}
      </Typography>
      <FolderPickerField
        client={context.client}
        root={context.root}
        name="destination"
        label={t('fileDialogs.common.destination')}
        value={destination}
        onChange={setDestination}
        error={fieldErrors.get('destination')}
      />
    </FileDialogFrame>
  );
}
