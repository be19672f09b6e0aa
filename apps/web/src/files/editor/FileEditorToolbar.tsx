import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { EDITOR_MODES, type EditorMode } from '../../components/code-editor/editor-modes';
import type { ViewLimit } from '../api/types';
import { FILE_EDITOR_TEST_IDS as IDS } from './test-ids';
import { VIEW_LIMITS } from './viewer-rules';

interface FileEditorToolbarProps {
  showTextControls: boolean;
  mode: EditorMode;
  onModeChange: (mode: EditorMode) => void;
  limit: ViewLimit;
  onLimitChange: (limit: ViewLimit) => void;
  busy: boolean;
  canSave: boolean;
  onRefresh: () => void;
  onDownload: () => void;
  onClean: () => void;
  onDelete: () => void;
  onSave: () => void;
}

/** spec/001 §2: mode selector, Lines selector, refresh, download, clean, delete, save. */
export function FileEditorToolbar(props: FileEditorToolbarProps) {
  const { t } = useTranslation();
  const iconButton = (label: string, testId: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={props.busy}
          onClick={onClick}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, py: 0.5, flexWrap: 'wrap' }}>
      {props.showTextControls ? (
        <>
          <TextField
            select
            size="small"
            label={t('fileEditor.mode')}
            value={props.mode}
            onChange={(event) => props.onModeChange(event.target.value as EditorMode)}
            slotProps={{ htmlInput: { 'data-testid': IDS.mode } }}
            sx={{ minWidth: 140 }}
          >
            {EDITOR_MODES.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {t(`fileEditor.modes.${mode}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('fileEditor.lines')}
            value={props.limit}
            onChange={(event) => props.onLimitChange(Number(event.target.value) as ViewLimit)}
            slotProps={{ htmlInput: { 'data-testid': IDS.lines } }}
            sx={{ minWidth: 100 }}
          >
            {VIEW_LIMITS.map((limit) => (
              <MenuItem key={limit} value={limit}>
                {limit === -1 ? t('fileEditor.linesAll') : limit}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : null}
      <Stack direction="row" sx={{ ml: 'auto !important' }}>
        {iconButton(t('fileEditor.refresh'), IDS.refresh, <RefreshIcon fontSize="small" />, props.onRefresh)}
        {iconButton(
          t('fileEditor.download'),
          IDS.download,
          <DownloadIcon fontSize="small" />,
          props.onDownload,
        )}
        {iconButton(
          t('fileEditor.clean'),
          IDS.clean,
          <CleaningServicesOutlinedIcon fontSize="small" />,
          props.onClean,
        )}
        {iconButton(
          t('fileEditor.delete'),
          IDS.delete,
          <DeleteOutlineIcon fontSize="small" />,
          props.onDelete,
        )}
      </Stack>
      {props.showTextControls ? (
        <Button
          size="small"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={props.busy || !props.canSave}
          onClick={props.onSave}
          data-testid={IDS.save}
        >
          {t('fileEditor.save')}
        </Button>
      ) : null}
    </Stack>
  );
}
