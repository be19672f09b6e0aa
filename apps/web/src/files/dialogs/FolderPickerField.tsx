import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../api/error-handling';
import type { FileAgentClient } from '../api/file-agent-client';
import { parentPath } from './name-rules';
import { FILE_DIALOG_FIELD } from './test-ids';

interface FolderPickerFieldProps {
  client: FileAgentClient;
  root: string;
  value: string;
  onChange: (path: string) => void;
  label: string;
  name: string;
  error?: string;
}

/**
 * A destination folder: typed, or chosen by browsing the agent's folders (spec/001 §2 'Save to
 * (with a folder picker)', move and copy). Browsing shows below the field, since only one dialog
 * is open at a time.
 */
export function FolderPickerField({
  client,
  root,
  value,
  onChange,
  label,
  name,
  error,
}: FolderPickerFieldProps) {
  const { t } = useTranslation();
  const [browsing, setBrowsing] = useState<string | null>(null);
  // The sub-folders of the folder they were listed for: another folder's list means "loading".
  const [listed, setListed] = useState<{ folder: string; folders: string[] } | null>(null);
  const folders = listed && listed.folder === browsing ? listed.folders : null;

  useEffect(() => {
    if (browsing === null) return;
    let live = true;
    client.list(browsing).then(
      (listing) => live && setListed({ folder: browsing, folders: listing.dirs.map((dir) => dir.path) }),
      (failure: unknown) => {
        handleApiError(failure);
        if (live) setListed({ folder: browsing, folders: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [browsing, client]);

  const atRoot = browsing === null || browsing === root || browsing === '/';

  return (
    <Box>
      <TextField
        fullWidth
        required
        size="small"
        name={name}
        label={label}
        value={value}
        error={!!error}
        helperText={error}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{
          htmlInput: { 'data-testid': FILE_DIALOG_FIELD.destination },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={t('fileDialogs.folderPicker.open')}
                  onClick={() => setBrowsing(browsing === null ? value || root : null)}
                  data-testid={FILE_DIALOG_FIELD.pickFolder}
                >
                  <FolderOpenIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {browsing !== null ? (
        <Paper variant="outlined" sx={{ mt: 1, p: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconButton
              size="small"
              disabled={atRoot}
              aria-label={t('fileDialogs.folderPicker.up')}
              onClick={() => setBrowsing(parentPath(browsing))}
              data-testid={FILE_DIALOG_FIELD.folderUp}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <Typography variant="body2" noWrap sx={{ flex: 1 }}>
              {browsing}
            </Typography>
            <Button
              size="small"
              onClick={() => {
                onChange(browsing);
                setBrowsing(null);
              }}
              data-testid={FILE_DIALOG_FIELD.folderChoose}
            >
              {t('fileDialogs.folderPicker.choose')}
            </Button>
          </Stack>
          {folders === null ? (
            <CircularProgress size={20} sx={{ m: 1 }} />
          ) : (
            <List dense sx={{ maxHeight: 180, overflow: 'auto' }}>
              {folders.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
                  {t('fileDialogs.folderPicker.empty')}
                </Typography>
              ) : null}
              {folders.map((folder) => (
                <ListItemButton
                  key={folder}
                  onClick={() => setBrowsing(folder)}
                  data-testid={FILE_DIALOG_FIELD.folderOption}
                >
                  <ListItemIcon>
                    <FolderIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={folder.split('/').pop()} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      ) : null}
    </Box>
  );
}
