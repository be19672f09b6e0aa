import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustomScript } from '@hostdeck/contracts';
import { showSnackbar } from '../feedback/snackbar-store';

/** One script of the picker with Copy, Paste and Run, and Edit and Delete on My Scripts. */
export function ScriptCard(props: {
  script: CustomScript;
  showAuthor: boolean;
  onPaste(content: string): void;
  onRun(content: string): void;
  onEdit?(): void;
  onDelete?(): void;
}) {
  const { t } = useTranslation();
  const { script } = props;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(script.content);
      showSnackbar(t('terminal.scripts.copied'));
    } catch {
      showSnackbar(t('terminal.scripts.copy'), 'error');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="terminal-script">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1, wordBreak: 'break-word' }}>
          {script.memo}
        </Typography>
        {props.showAuthor && script.user && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('terminal.scripts.by', { name: script.user.name })}
          </Typography>
        )}
        {!props.showAuthor && script.shared && !script.approved && (
          <Chip size="small" label={t('terminal.scripts.pending')} />
        )}
      </Stack>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          maxHeight: 120,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {script.content}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => void copy()} data-testid="terminal-script-copy">
          {t('terminal.scripts.copy')}
        </Button>
        <Button
          size="small"
          onClick={() => props.onPaste(script.content)}
          data-testid="terminal-script-paste"
        >
          {t('terminal.scripts.paste')}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => props.onRun(script.content)}
          data-testid="terminal-script-run"
        >
          {t('terminal.scripts.run')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {props.onEdit && (
          <Button size="small" onClick={props.onEdit}>
            {t('terminal.scripts.edit')}
          </Button>
        )}
        {props.onDelete && (
          <Button size="small" color="error" onClick={props.onDelete}>
            {t('terminal.scripts.delete')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
