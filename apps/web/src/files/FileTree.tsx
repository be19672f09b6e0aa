import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from './api';
import type { FileSettings } from './dialogs/types';
import { isFolder, isShown, sortEntries } from './file-rules';
import type { FileState } from './file-store';

interface FileTreeProps {
  state: FileState;
  settings: FileSettings;
  search: string;
  onSearch(value: string): void;
  onNavigate(path: string): void;
  onToggle(path: string): void;
  onRefresh(path: string): void;
  disabled: boolean;
}

/**
 * The folder tree (spec/001 §2): the loaded folders, each expandable, with a refresh button per
 * folder. The search field filters the loaded folders by name; Esc clears it.
 */
export function FileTree({
  state,
  settings,
  search,
  onSearch,
  onNavigate,
  onToggle,
  onRefresh,
  disabled,
}: FileTreeProps) {
  const { t } = useTranslation();
  const needle = search.trim().toLowerCase();
  const folders = (path: string) =>
    sortEntries((state.folders[path]?.entries ?? []).filter((e) => isFolder(e) && isShown(e, settings)));

  const matches = needle
    ? Object.values(state.folders)
        .flatMap((folder) => folder.entries)
        .filter((e) => isFolder(e) && isShown(e, settings) && e.name.toLowerCase().includes(needle))
    : [];

  return (
    <Box
      data-testid="file-tree"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}
    >
      <TextField
        size="small"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onSearch('');
        }}
        placeholder={t('files.tree.search')}
        slotProps={{ htmlInput: { 'aria-label': t('files.tree.search'), 'data-testid': 'file-tree-search' } }}
        sx={{ m: 1 }}
      />
      <Box sx={{ overflow: 'auto', flex: 1 }}>
        {needle ? (
          matches.map((entry) => (
            <TreeRow
              key={entry.path}
              entry={entry}
              label={entry.path}
              depth={0}
              state={state}
              onNavigate={onNavigate}
              onToggle={onToggle}
              onRefresh={onRefresh}
              disabled={disabled}
            />
          ))
        ) : (
          <>
            <TreeRow
              entry={{ path: state.root, name: state.root }}
              label={state.root}
              depth={0}
              state={state}
              onNavigate={onNavigate}
              onToggle={onToggle}
              onRefresh={onRefresh}
              disabled={disabled}
            />
            {state.openFolders.includes(state.root) && (
              <Branch
                path={state.root}
                depth={1}
                folders={folders}
                state={state}
                {...{ onNavigate, onToggle, onRefresh, disabled }}
              />
            )}
          </>
        )}
      </Box>
    </Box>
  );
}

interface RowActions {
  onNavigate(path: string): void;
  onToggle(path: string): void;
  onRefresh(path: string): void;
  disabled: boolean;
}

function Branch({
  path,
  depth,
  folders,
  state,
  ...actions
}: RowActions & { path: string; depth: number; folders: (path: string) => FileEntry[]; state: FileState }) {
  return (
    <>
      {folders(path).map((entry) => (
        <Box key={entry.path}>
          <TreeRow entry={entry} label={entry.name} depth={depth} state={state} {...actions} />
          {state.openFolders.includes(entry.path) && (
            <Branch path={entry.path} depth={depth + 1} folders={folders} state={state} {...actions} />
          )}
        </Box>
      ))}
    </>
  );
}

function TreeRow({
  entry,
  label,
  depth,
  state,
  onNavigate,
  onToggle,
  onRefresh,
  disabled,
}: RowActions & { entry: Pick<FileEntry, 'path' | 'name'>; label: string; depth: number; state: FileState }) {
  const { t } = useTranslation();
  const open = state.openFolders.includes(entry.path);
  const folder = state.folders[entry.path];
  const current = state.currentPath === entry.path;
  return (
    <Box
      data-testid="file-tree-node"
      data-path={entry.path}
      sx={{
        display: 'flex',
        alignItems: 'center',
        pl: depth * 1.5,
        pr: 0.5,
        cursor: 'pointer',
        bgcolor: current ? 'action.selected' : undefined,
        '&:hover': { bgcolor: 'action.hover' },
        '&:hover .file-tree-refresh': { visibility: 'visible' },
      }}
      onClick={() => {
        if (!disabled) onNavigate(entry.path);
      }}
    >
      <IconButton
        size="small"
        aria-label={open ? t('files.tree.collapse') : t('files.tree.expand')}
        onClick={(event) => {
          event.stopPropagation();
          onToggle(entry.path);
          if (!open && !folder?.loaded && !disabled) onRefresh(entry.path);
        }}
      >
        {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </IconButton>
      <FolderIcon fontSize="small" color="primary" sx={{ mr: 0.5 }} />
      <Box
        component="span"
        sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 14 }}
      >
        {label}
      </Box>
      {folder?.failure && !folder.loading && (
        // A folder that could not be listed is not shown as one without sub-folders.
        <Tooltip
          title={
            folder.failure.kind === 'unreachable'
              ? t('files.failure.unreachableTitle')
              : folder.failure.message
          }
        >
          <ErrorOutlineIcon
            color="error"
            fontSize="small"
            data-testid="file-tree-failure"
            aria-label={t('files.failure.failedTitle')}
          />
        </Tooltip>
      )}
      {folder?.loading ? (
        <CircularProgress size={14} sx={{ m: 0.5 }} />
      ) : (
        <IconButton
          size="small"
          className="file-tree-refresh"
          data-testid="file-tree-refresh"
          aria-label={t('files.tree.refresh')}
          disabled={disabled}
          sx={{ visibility: current || folder?.failure ? 'visible' : 'hidden' }}
          onClick={(event) => {
            event.stopPropagation();
            onRefresh(entry.path);
          }}
        >
          <RefreshIcon fontSize="inherit" />
        </IconButton>
      )}
    </Box>
  );
}
