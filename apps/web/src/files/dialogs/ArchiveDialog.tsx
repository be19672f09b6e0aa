import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../feedback/snackbar-store';
import type { ArchiveType } from '../api/types';
import {
  ARCHIVE_JUNK_DEFAULT,
  ARCHIVE_TYPES,
  archivePaths,
  defaultArchiveName,
  swapArchiveExtension,
  ZIP_LEVEL_DEFAULT,
  ZIP_LEVEL_MAX,
  ZIP_LEVEL_MIN,
} from './archive-rules';
import { FileDialogFrame } from './FileDialogFrame';
import { namesInFolder } from './name-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2, §5 Archive: type, zip level (0-9, default 3), junk (default true) and a name. */
export function ArchiveDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<ArchiveType>('zip');
  const [level, setLevel] = useState(ZIP_LEVEL_DEFAULT);
  const [junk, setJunk] = useState(ARCHIVE_JUNK_DEFAULT);
  const [name, setName] = useState(() =>
    defaultArchiveName(
      context.selection.map((item) => item.path),
      'zip',
      namesInFolder(context.currentPath, context.treeEntries),
    ),
  );
  const { busy, fieldErrors, run } = useDialogAction();

  function submit() {
    const paths = archivePaths(context.selection, context.agentVersion);
    if (!paths) {
      showSnackbar(t('fileDialogs.zip.noFolder'), 'warning');
      return;
    }
    void run(
      () => context.client.compress({ paths, type, level, junk, name: name.trim() }),
      () => {
        context.refresh();
        onClose();
      },
    );
  }

  return (
    <FileDialogFrame
      name="zip"
      title={t('fileDialogs.zip.title')}
      submitLabel={t('fileDialogs.zip.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitDisabled={name.trim() === '' || context.selection.length === 0}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField
          select
          size="small"
          name="type"
          label={t('fileDialogs.zip.type')}
          value={type}
          onChange={(event) => {
            const next = event.target.value as ArchiveType;
            setType(next);
            setName(swapArchiveExtension(name, next));
          }}
          slotProps={{ htmlInput: { 'data-testid': FILE_DIALOG_FIELD.archiveType } }}
        >
          {ARCHIVE_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        {type === 'zip' ? (
          <div>
            <Typography variant="body2" id="file-dialog-level-label">
              {t('fileDialogs.zip.level', { level })}
            </Typography>
            <Slider
              value={level}
              min={ZIP_LEVEL_MIN}
              max={ZIP_LEVEL_MAX}
              step={1}
              marks
              valueLabelDisplay="auto"
              onChange={(_event, value) => setLevel(value)}
              aria-labelledby="file-dialog-level-label"
              data-testid={FILE_DIALOG_FIELD.level}
            />
          </div>
        ) : null}
        <FormControlLabel
          control={
            <Checkbox
              checked={junk}
              onChange={(event) => setJunk(event.target.checked)}
              slotProps={{ input: { ...{ 'data-testid': FILE_DIALOG_FIELD.junk } } }}
            />
          }
          label={t('fileDialogs.zip.junk')}
        />
        <TextField
          fullWidth
          required
          size="small"
          name="name"
          label={t('fileDialogs.zip.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name')}
          slotProps={{ htmlInput: { 'data-testid': FILE_DIALOG_FIELD.name } }}
        />
      </Stack>
    </FileDialogFrame>
  );
}
