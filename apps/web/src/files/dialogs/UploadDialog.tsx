import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { UploadDropZone } from './UploadDropZone';
import { useUploads } from './use-uploads';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * spec/001 §2, §4, §5 Upload: drop zone, per-file progress, Cancel (uploading) or Remove (idle).
 * Once every file has arrived the dialog closes (the message says what arrived where); after a
 * failure it stays open. The upload window keeps it open (`keepOpen`): it is there to upload.
 */
export function UploadDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const uploads = useUploads(context);
  const uploadAll = async () => {
    const result = await uploads.uploadAll();
    if (result.failed === 0 && result.uploaded.length > 0 && !uploads.keepOpen) onClose();
  };
  return (
    <FileDialogFrame
      name="upload"
      width="wide"
      title={t('fileDialogs.upload.title')}
      submitLabel={t('fileDialogs.upload.submit')}
      onSubmit={() => void uploadAll()}
      onClose={onClose}
      busy={uploads.running}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-all' }}>
        {t('fileDialogs.upload.into', { path: context.upload?.path ?? context.currentPath })}
      </Typography>
      <UploadDropZone
        accept={uploads.accept}
        multiple={uploads.multiple}
        disabled={uploads.running}
        onFiles={(files) => void uploads.add(files)}
      />
      <List dense>
        {uploads.items.map((item) => (
          <ListItem
            key={item.id}
            data-testid={FILE_DIALOG_FIELD.uploadItem}
            secondaryAction={
              item.progress === null ? (
                <Button
                  size="small"
                  onClick={() => uploads.remove(item.id)}
                  data-testid={FILE_DIALOG_FIELD.uploadRemove}
                >
                  {t('fileDialogs.upload.remove')}
                </Button>
              ) : (
                <Button
                  size="small"
                  color="warning"
                  onClick={() => uploads.remove(item.id)}
                  data-testid={FILE_DIALOG_FIELD.uploadCancel}
                >
                  {t('fileDialogs.common.cancel')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={item.file.webkitRelativePath || item.file.name}
              secondary={
                item.progress === null ? (
                  sizeText(item.file.size)
                ) : (
                  <LinearProgress variant="determinate" value={item.progress} sx={{ my: 1, mr: 2 }} />
                )
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </List>
    </FileDialogFrame>
  );
}
