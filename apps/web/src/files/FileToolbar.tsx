import ArchiveIcon from '@mui/icons-material/Archive';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/Settings';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import UploadIcon from '@mui/icons-material/Upload';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { toolbarEnabled, type ToolbarAction, type ToolbarFacts } from './file-rules';

const GROUPS: ReadonlyArray<ReadonlyArray<[ToolbarAction, SvgIconComponent]>> = [
  [['up', ArrowUpwardIcon]],
  [
    ['move', DriveFileMoveIcon],
    ['copy', ContentCopyIcon],
    ['rename', DriveFileRenameOutlineIcon],
    ['archive', ArchiveIcon],
    ['extract', UnarchiveIcon],
    ['download', DownloadIcon],
    ['clean', CleaningServicesIcon],
    ['delete', DeleteIcon],
  ],
  [
    ['search', SearchIcon],
    ['reload', RefreshIcon],
  ],
  [
    ['new-file', NoteAddIcon],
    ['new-folder', CreateNewFolderIcon],
  ],
  [
    ['url-download', CloudDownloadIcon],
    ['upload', UploadIcon],
  ],
  [
    ['info', InfoOutlinedIcon],
    ['settings', SettingsIcon],
  ],
];

/** The toolbar of spec/001 §2, each button enabled by its condition (file-rules toolbarEnabled). */
export function FileToolbar({
  facts,
  onAction,
}: {
  facts: ToolbarFacts;
  onAction(action: ToolbarAction): void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}
      role="toolbar"
      aria-label={t('files.toolbar.label')}
    >
      {GROUPS.map((group, index) => (
        <Fragment key={group[0]?.[0]}>
          {index > 0 && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
          {group.map(([action, Icon]) => {
            const label = t(`files.toolbar.${action}`);
            const enabled = toolbarEnabled(action, facts);
            return (
              <Tooltip key={action} title={label}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={label}
                    data-testid={`file-toolbar-${action}`}
                    disabled={!enabled}
                    onClick={() => onAction(action)}
                  >
                    <Icon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            );
          })}
        </Fragment>
      ))}
    </Box>
  );
}
