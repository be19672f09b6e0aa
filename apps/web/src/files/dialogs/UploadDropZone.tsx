import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_DIALOG_FIELD } from './test-ids';

/** A zone to drop files on or click to choose them (spec/001 §2 Upload). */
export function UploadDropZone({
  accept,
  multiple,
  disabled,
  onFiles,
}: {
  accept?: readonly string[];
  multiple: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <Box
      role="button"
      tabIndex={0}
      data-testid={FILE_DIALOG_FIELD.dropZone}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && !disabled) {
          event.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        // The window-wide drag-over handler (the shell) must not reopen the dialog.
        event.stopPropagation();
        setOver(false);
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 3,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        bgcolor: over ? 'action.hover' : undefined,
      }}
    >
      <CloudUploadOutlinedIcon color="action" />
      <Typography variant="body2">{t('fileDialogs.upload.dropZone')}</Typography>
      {accept && accept.length > 0 ? (
        <Typography variant="caption" color="text.secondary">
          {t('fileDialogs.upload.accept', { list: accept.join(', ') })}
        </Typography>
      ) : null}
      <input
        ref={input}
        hidden
        type="file"
        multiple={multiple}
        accept={accept?.join(',')}
        data-testid={FILE_DIALOG_FIELD.fileInput}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
