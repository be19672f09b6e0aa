import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { archiveFolderName } from './archive-rules';
import { FileDialogFrame } from './FileDialogFrame';
import { lastSegment } from './name-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2, §5 Extract: 'Extract here' (default) or into a folder named after the archive. */
export function ExtractDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const item = context.selection[0];
  const [here, setHere] = useState(true);
  const { busy, run } = useDialogAction();
  if (!item) return null;

  function submit() {
    if (!item) return;
    void run(
      () => context.client.decompress(item.path, here),
      () => {
        context.refresh();
        onClose();
      },
    );
  }

  return (
    <FileDialogFrame
      name="decompress"
      title={t('fileDialogs.decompress.title')}
      submitLabel={t('fileDialogs.decompress.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
    >
      <RadioGroup
        value={here ? 'here' : 'folder'}
        onChange={(event) => setHere(event.target.value === 'here')}
        data-testid={FILE_DIALOG_FIELD.here}
      >
        <FormControlLabel value="here" control={<Radio />} label={t('fileDialogs.decompress.here')} />
        <FormControlLabel
          value="folder"
          control={<Radio />}
          label={t('fileDialogs.decompress.toFolder', { name: archiveFolderName(lastSegment(item.path)) })}
        />
      </RadioGroup>
    </FileDialogFrame>
  );
}
