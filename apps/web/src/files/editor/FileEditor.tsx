import type { FileAgentClient } from '../api/file-agent-client';
import { FileEditorView } from './FileEditorView';

/** The props the file manager shell (F1's file-editor-loader) renders a file tab with. */
export interface FileEditorProps {
  client: FileAgentClient;
  path: string;
  /** The shown tab (Ctrl/Cmd+S goes to it). */
  active: boolean;
  /** Closes the tab: after the file was deleted. */
  onClose: () => void;
  /** After save, clean or delete: the shell refreshes the list. */
  onChanged: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** A file tab filling its parent (a flex column). */
export function FileEditor({ client, path, active, onClose, onChanged, onDirtyChange }: FileEditorProps) {
  return (
    <FileEditorView
      client={client}
      path={path}
      height="100%"
      active={active}
      onDeleted={() => {
        onChanged();
        onClose();
      }}
      onChanged={onChanged}
      onDirtyChange={onDirtyChange}
    />
  );
}
