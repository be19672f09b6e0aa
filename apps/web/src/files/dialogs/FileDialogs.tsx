import { ArchiveDialog } from './ArchiveDialog';
import { ChmodDialog } from './ChmodDialog';
import { ChownDialog } from './ChownDialog';
import { CreateDialog } from './CreateDialog';
import { DeleteDialog } from './DeleteDialog';
import { EmptyDialog } from './EmptyDialog';
import { ExtractDialog } from './ExtractDialog';
import { ImportDatabaseDialog } from './ImportDatabaseDialog';
import { InfoDialog } from './InfoDialog';
import { RemoteDownloadDialog } from './RemoteDownloadDialog';
import { RenameDialog } from './RenameDialog';
import { SearchDialog } from './SearchDialog';
import { SettingsDialog } from './SettingsDialog';
import { TransferDialog } from './TransferDialog';
import type { FileDialogsProps } from './types';
import { UploadDialog } from './UploadDialog';

/**
 * The file manager's dialogs (spec/001 §2): the shell keeps the one open dialog's name and renders
 * this once; each dialog mounts afresh when opened, so nothing of an earlier opening remains.
 */
export function FileDialogs({ dialog, onClose, context }: FileDialogsProps) {
  if (!dialog || !context) return null;
  const props = { context, onClose };
  switch (dialog) {
    case 'search':
      return <SearchDialog {...props} />;
    case 'settings':
      return <SettingsDialog {...props} />;
    case 'chmod':
      return <ChmodDialog {...props} />;
    case 'chown':
      return <ChownDialog {...props} />;
    case 'rename':
      return <RenameDialog {...props} />;
    case 'move':
    case 'copy':
      return <TransferDialog key={dialog} kind={dialog} {...props} />;
    case 'zip':
      return <ArchiveDialog {...props} />;
    case 'decompress':
      return <ExtractDialog {...props} />;
    case 'remote-download':
      return <RemoteDownloadDialog {...props} />;
    case 'upload':
      return <UploadDialog {...props} />;
    case 'delete':
      return <DeleteDialog {...props} />;
    case 'create-file':
      return <CreateDialog key="file" kind="file" {...props} />;
    case 'create-folder':
      return <CreateDialog key="folder" kind="folder" {...props} />;
    case 'import-database':
      return <ImportDatabaseDialog {...props} />;
    case 'empty':
      return <EmptyDialog {...props} />;
    case 'info':
      return <InfoDialog {...props} />;
  }
}
