import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCRIPT_CONTENT_MAX_LENGTH, SCRIPT_MEMO_MAX_LENGTH, type CustomScript } from '@hostdeck/contracts';
import { showSnackbar } from '../feedback/snackbar-store';
import { saveScript } from './terminal-api';

/** Creates a script of My Scripts, or changes one (`script` given). */
export function ScriptFormDialog(props: { script: CustomScript | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [memo, setMemo] = useState(props.script?.memo ?? '');
  const [content, setContent] = useState(props.script?.content ?? '');
  const [shared, setShared] = useState(props.script?.shared ?? false);
  const valid = memo.trim() !== '' && content.trim() !== '';
  // A failure is reported by the query client's mutation cache (handleApiError).
  const saving = useMutation({
    mutationFn: () => saveScript({ memo: memo.trim(), content, shared }, props.script?.id),
    onSuccess: () => {
      showSnackbar(t('terminal.scripts.saved'));
      props.onSaved();
    },
  });
  const busy = saving.isPending;
  const save = () => saving.mutate();

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" data-testid="terminal-script-form">
      <DialogTitle>
        {props.script ? t('terminal.scripts.form.editTitle') : t('terminal.scripts.form.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('terminal.scripts.form.memo')}
            value={memo}
            onChange={(event) => setMemo(event.target.value.replace(/[\r\n]/g, ' '))}
            slotProps={{
              htmlInput: { maxLength: SCRIPT_MEMO_MAX_LENGTH, 'data-testid': 'terminal-script-memo' },
            }}
            required
            autoFocus
          />
          <TextField
            label={t('terminal.scripts.form.content')}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            slotProps={{
              htmlInput: {
                maxLength: SCRIPT_CONTENT_MAX_LENGTH,
                spellCheck: false,
                'data-testid': 'terminal-script-content',
                style: { fontFamily: 'monospace' },
              },
            }}
            multiline
            minRows={5}
            maxRows={14}
            required
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />}
            label={t('terminal.scripts.form.shared')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('terminal.scripts.form.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!valid || busy}
          onClick={save}
          data-testid="terminal-script-save"
        >
          {t('terminal.scripts.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
