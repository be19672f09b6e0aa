/** Test ids of the file tab view (browser tests). */
export const FILE_EDITOR_TEST_IDS = {
  root: 'file-editor',
  editor: 'file-editor-content',
  mode: 'file-editor-mode',
  lines: 'file-editor-lines',
  refresh: 'file-editor-refresh',
  download: 'file-editor-download',
  clean: 'file-editor-clean',
  delete: 'file-editor-delete',
  save: 'file-editor-save',
  overlay: 'file-editor-overlay',
  tooLarge: 'file-editor-too-large',
  media: 'file-editor-media',
  saveLinkAs: 'file-editor-save-link-as',
} as const;
