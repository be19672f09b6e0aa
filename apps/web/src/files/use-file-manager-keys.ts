import { useEffect, useRef } from 'react';
import { dragHasFiles, fileKeyAction, isTypingTarget } from './file-keys';
import type { FileManagerModel } from './use-file-manager';

/**
 * Window listeners of the file manager (spec/001 §2): the keys, and files dragged over the browser
 * opening the upload dialog (dropped files are handed to it).
 */
export function useFileManagerKeys({
  model,
  setTreeSearch,
}: {
  model: FileManagerModel;
  setTreeSearch(value: string): void;
}) {
  const latest = useRef({ model, setTreeSearch });
  useEffect(() => {
    latest.current = { model, setTreeSearch };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { model: m, setTreeSearch: clearSearch } = latest.current;
      const state = m.store.get();
      const action = fileKeyAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inField: isTypingTarget(event.target),
        dialogOpen: state.dialog !== null,
        onFileTab: state.activeTab === null,
      });
      // Ctrl/Cmd+S belongs to the editor of the active tab (editor/FileEditorView listens for it).
      if (!action || action === 'save') return;
      if (action === 'clear-search') {
        clearSearch('');
        return;
      }
      event.preventDefault();
      if (action === 'up' && m.ready) m.goUp();
      else if (action === 'search' && m.ready) m.setDialog('search');
      else if (action === 'close-tab' && state.activeTab) m.closeTab(state.activeTab);
    };
    const onDragEnter = (event: DragEvent) => {
      const { model: m } = latest.current;
      if (!m.ready || !dragHasFiles(event.dataTransfer?.types)) return;
      if (m.store.get().dialog !== 'upload') m.setDialog('upload');
    };
    const onDragOver = (event: DragEvent) => {
      // Without this the browser would open a dropped file in place of the panel.
      if (dragHasFiles(event.dataTransfer?.types)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      const { model: m } = latest.current;
      if (!m.ready) return;
      m.store.set((s) => ({
        ...s,
        dialog: 'upload',
        upload: { ...s.upload, initialFiles: files },
        drops: s.drops + 1,
      }));
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('dragenter', onDragEnter);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('dragenter', onDragEnter);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
