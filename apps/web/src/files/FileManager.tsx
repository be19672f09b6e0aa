import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../components/LoadingIndicator';
import type { FileEntry } from './api';
import { FileDialogs } from './dialogs/FileDialogs';
import type { DatabaseOption, FileDialogContext } from './dialogs/types';
import type { FileScope } from './agent-token';
import { FileBreadcrumb } from './FileBreadcrumb';
import { FileContextMenu, type ContextMenuAt } from './FileContextMenu';
import { FileList } from './FileList';
import { FolderLoadFailure } from './FolderLoadFailure';
import { FileToolbar } from './FileToolbar';
import { FileTree } from './FileTree';
import { infoLines, MENU_DIALOGS, TOOLBAR_DIALOGS } from './file-actions';
import { LazyFileEditor } from './file-editor-loader';
import { formatModified, type ToolbarAction } from './file-rules';
import { treeEntries, treeToggled } from './file-store';
import { useFileManagerKeys } from './use-file-manager-keys';
import { useFileManager } from './use-file-manager';
import { useFileSettings } from './use-file-settings';
import { usePopupOpener } from './use-popup-opener';

/** spec/001 §2, §9: the tab bar height. */
export const TAB_BAR_HEIGHT = 38;

export interface FileManagerProps {
  scope: FileScope;
  root: string;
  serverId: number;
  agentVersion: number | null;
  defaultLinuxUser: string | null;
  systemUsers?: string[];
  databases?: DatabaseOption[];
  /** The server's databases could not be loaded. */
  databasesFailed?: boolean;
}

/**
 * The file manager window of spec/001 §2: a 'File' tab (toolbar, breadcrumb, folder tree, file
 * list) and one closable tab per opened file; one dialog at a time (F2's FileDialogs).
 */
export function FileManager({
  scope,
  root,
  serverId,
  agentVersion,
  defaultLinuxUser,
  systemUsers = [],
  databases = [],
  databasesFailed = false,
}: FileManagerProps) {
  const { t, i18n } = useTranslation();
  const [settings, setSettings] = useFileSettings();
  const model = useFileManager({ scope, root, agentVersion, enabled: true, settings });
  const { state, store, client, ready, loading, selection } = model;
  const [treeSearch, setTreeSearch] = useState('');
  const [menuAt, setMenuAt] = useState<ContextMenuAt | null>(null);

  const popupSession = useMemo(
    () =>
      state.token && state.endpoints
        ? { token: state.token, endpoints: state.endpoints, root: state.root, agentVersion }
        : null,
    [agentVersion, state.endpoints, state.root, state.token],
  );
  const openPopup = usePopupOpener(popupSession, (folder) => model.refresh(folder));

  useFileManagerKeys({ model, setTreeSearch });

  const facts = { ready, path: state.currentPath, root: state.root, selection };
  const actOnToolbar = (action: ToolbarAction) => {
    if (action === 'up') model.goUp();
    else if (action === 'reload') model.refresh();
    else if (action === 'download' && selection[0]) model.download(selection[0]);
    else {
      const dialog = TOOLBAR_DIALOGS[action];
      if (dialog) model.setDialog(dialog, selection.length === 1 ? (selection[0] ?? null) : null);
    }
  };

  const target: FileEntry | null = state.target;
  const dialogSelection = target && !selection.some((s) => s.path === target.path) ? [target] : selection;
  const context: FileDialogContext | null = client
    ? {
        client,
        root: state.root,
        currentPath: state.currentPath,
        selection: dialogSelection,
        agentVersion,
        serverUsers: { defaultLinuxUser, systemUsers },
        serverId,
        databases,
        databasesFailed,
        treeEntries: treeEntries(state),
        settings,
        onSettingsChange: setSettings,
        refresh: model.refresh,
        open: (path, type) => (type === 'dir' ? model.navigate(path) : model.openFile(path)),
        info:
          state.dialog === 'info' && dialogSelection[0]
            ? {
                title: dialogSelection[0].name,
                lines: infoLines(
                  dialogSelection[0],
                  {
                    path: t('files.info.path'),
                    type: t('files.info.type'),
                    size: t('files.info.size'),
                    permission: t('files.info.permission'),
                    owner: t('files.info.owner'),
                    modified: t('files.info.modified'),
                    link: t('files.info.link'),
                  },
                  formatModified(dialogSelection[0].modified, i18n.language),
                ),
              }
            : undefined,
        upload: state.upload ?? undefined,
        onDeleted: (paths) => {
          for (const path of paths) model.closeTab(path);
        },
      }
    : null;

  const activeTab = state.activeTab ?? 'file';
  return (
    <Paper
      variant="outlined"
      data-testid="file-manager"
      data-ready={ready}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={activeTab}
          onChange={(_, value: string) =>
            store.set((s) => ({ ...s, activeTab: value === 'file' ? null : value }))
          }
          variant="scrollable"
          scrollButtons="auto"
          sx={{
            minHeight: TAB_BAR_HEIGHT,
            height: TAB_BAR_HEIGHT,
            flex: 1,
            '& .MuiTab-root': { minHeight: TAB_BAR_HEIGHT, py: 0 },
          }}
        >
          <Tab value="file" label={t('files.tabs.file')} data-testid="file-tab" data-path="" />
          {state.tabs.map((path) => (
            <Tab
              key={path}
              value={path}
              data-testid="file-tab"
              data-path={path}
              sx={{ textTransform: 'none', pr: 0.5 }}
              label={
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <span title={path}>{path.slice(path.lastIndexOf('/') + 1)}</span>
                  <Tooltip title={t('files.tabs.popout')}>
                    <IconButton
                      size="small"
                      component="span"
                      data-testid="file-tab-popout"
                      aria-label={t('files.tabs.popout')}
                      onClick={(event) => {
                        event.stopPropagation();
                        openPopup('file', path);
                      }}
                    >
                      <OpenInNewIcon sx={{ fontSize: 14 }} />
                    </IconButton>
                  </Tooltip>
                  <IconButton
                    size="small"
                    component="span"
                    data-testid="file-tab-close"
                    aria-label={t('files.tabs.close')}
                    onClick={(event) => {
                      event.stopPropagation();
                      model.closeTab(path);
                    }}
                  >
                    <CloseIcon sx={{ fontSize: 14 }} />
                  </IconButton>
                </Box>
              }
            />
          ))}
        </Tabs>
        <Tooltip title={t('files.tabs.uploadWindow')}>
          <span>
            <IconButton
              size="small"
              data-testid="file-upload-popout"
              aria-label={t('files.tabs.uploadWindow')}
              disabled={!ready}
              onClick={() => openPopup('upload', state.currentPath)}
            >
              <OpenInNewIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress data-testid="file-loading" />}</Box>

      <Box
        sx={{
          display: activeTab === 'file' ? 'flex' : 'none',
          flexDirection: 'column',
          flex: 1,
          minHeight: 0,
        }}
      >
        <Box sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
          <FileToolbar facts={facts} onAction={actOnToolbar} />
          <Box sx={{ pb: 0.5 }}>
            <FileBreadcrumb
              path={state.currentPath}
              root={state.root}
              onNavigate={model.navigate}
              disabled={!ready}
            />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
          <Box
            sx={{
              width: 260,
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              display: { xs: 'none', sm: 'block' },
            }}
          >
            <FileTree
              state={state}
              settings={settings}
              search={treeSearch}
              onSearch={setTreeSearch}
              onNavigate={model.navigate}
              onToggle={(path) => store.set((s) => treeToggled(s, path))}
              onRefresh={model.refresh}
              disabled={!client}
            />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {model.failure ? (
              <FolderLoadFailure failure={model.failure} retrying={loading} onRetry={model.retry} />
            ) : (
              <FileList
                entries={model.visibleEntries}
                loaded={state.folders[state.currentPath]?.loaded ?? false}
                selected={state.selected}
                onSelect={model.setSelected}
                onOpen={model.open}
                onContextMenu={(entry, event) => setMenuAt({ entry, x: event.clientX, y: event.clientY })}
                onAttribute={(entry, dialog) => {
                  model.setSelected([entry.path]);
                  model.setDialog(dialog, entry);
                }}
                disabled={!ready}
              />
            )}
          </Box>
        </Box>
      </Box>

      {client &&
        state.tabs.map((path) => (
          <Box
            key={path}
            sx={{
              display: activeTab === path ? 'flex' : 'none',
              flexDirection: 'column',
              flex: 1,
              minHeight: 0,
            }}
          >
            <Suspense fallback={<LoadingIndicator />}>
              <LazyFileEditor
                client={client}
                path={path}
                active={activeTab === path}
                onClose={() => model.closeTab(path)}
                onChanged={() => model.refresh()}
              />
            </Suspense>
          </Box>
        ))}

      <FileContextMenu
        at={menuAt}
        onClose={() => setMenuAt(null)}
        onAction={(action, entry) => {
          if (action === 'open') model.open(entry);
          else if (action === 'download') model.download(entry);
          else {
            const dialog = MENU_DIALOGS[action];
            if (dialog) model.setDialog(dialog, entry);
          }
        }}
      />
      <FileDialogs
        // A drop on the window while the upload dialog is open starts it again with those files.
        key={state.dialog === 'upload' ? `upload-${state.drops}` : 'dialogs'}
        dialog={state.dialog}
        onClose={() => model.setDialog(null)}
        context={context}
      />
    </Paper>
  );
}
