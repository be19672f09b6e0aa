import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../feedback/snackbar-store';
import {
  CHECK_ALL_MODE,
  checksFromMode,
  initialMode,
  isValidMode,
  modeFromChecks,
  PERMISSION_BITS,
  PERMISSION_CLASSES,
  UNCHECK_ALL_MODE,
} from './chmod-rules';
import { FileDialogFrame } from './FileDialogFrame';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2, §5 Chmod: the 3-digit Mode field and the rwx boxes stay in step. */
export function ChmodDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState(() => initialMode(context.selection[0]?.permission.number));
  const { busy, fieldErrors, run } = useDialogAction();
  const checks = checksFromMode(mode);
  const valid = isValidMode(mode);

  function submit() {
    if (!valid) {
      showSnackbar(t('fileDialogs.chmod.invalid'), 'warning');
      return;
    }
    const paths = context.selection.map((item) => item.path);
    void run(
      () => context.client.chmod(paths, mode),
      () => {
        context.refresh();
        onClose();
      },
    );
  }

  return (
    <FileDialogFrame
      name="chmod"
      title={t('fileDialogs.chmod.title')}
      submitLabel={t('fileDialogs.chmod.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      extraActions={
        <Stack direction="row" spacing={1} sx={{ mr: 'auto' }}>
          <Button onClick={() => setMode(CHECK_ALL_MODE)} data-testid={FILE_DIALOG_FIELD.checkAll}>
            {t('fileDialogs.chmod.checkAll')}
          </Button>
          <Button onClick={() => setMode(UNCHECK_ALL_MODE)} data-testid={FILE_DIALOG_FIELD.uncheckAll}>
            {t('fileDialogs.chmod.uncheckAll')}
          </Button>
        </Stack>
      }
    >
      <TextField
        autoFocus
        name="mode"
        size="small"
        label={t('fileDialogs.chmod.mode')}
        value={mode}
        onChange={(event) => setMode(event.target.value.replace(/[^0-9]/g, '').slice(0, 3))}
        error={!valid || fieldErrors.has('mode')}
        helperText={!valid ? t('fileDialogs.chmod.invalid') : fieldErrors.get('mode')}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 3, 'data-testid': FILE_DIALOG_FIELD.mode },
        }}
        sx={{ mt: 1 }}
      />
      <Table size="small" sx={{ mt: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell />
            {PERMISSION_BITS.map(([bit]) => (
              <TableCell key={bit} align="center">
                {t(`fileDialogs.chmod.${bit}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {PERMISSION_CLASSES.map((owner) => (
            <TableRow key={owner}>
              <TableCell>{t(`fileDialogs.chmod.${owner}`)}</TableCell>
              {PERMISSION_BITS.map(([bit]) => (
                <TableCell key={bit} align="center" padding="checkbox">
                  <Checkbox
                    checked={checks[owner][bit]}
                    onChange={(event) =>
                      setMode(
                        modeFromChecks({
                          ...checks,
                          [owner]: { ...checks[owner], [bit]: event.target.checked },
                        }),
                      )
                    }
                    slotProps={{
                      input: {
                        'aria-label': `${t(`fileDialogs.chmod.${owner}`)} ${t(`fileDialogs.chmod.${bit}`)}`,
                        ...{ 'data-testid': FILE_DIALOG_FIELD.permission(owner, bit) },
                      },
                    }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </FileDialogFrame>
  );
}
