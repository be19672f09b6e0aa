/**
 * Test ids of the file dialogs (browser tests). Each dialog's paper: `file-dialog-<name>` with the
 * FileDialogName; its buttons and fields below.
 */
export const fileDialogTestId = (name: string) => `file-dialog-${name}`;
export const FILE_DIALOG_SUBMIT = 'file-dialog-submit';
export const FILE_DIALOG_CANCEL = 'file-dialog-cancel';
export const FILE_DIALOG_FIELD = {
  name: 'file-dialog-name',
  search: 'file-dialog-search-input',
  searchOption: 'file-dialog-search-option',
  showHidden: 'file-dialog-show-hidden',
  showSystem: 'file-dialog-show-system',
  includes: 'file-dialog-includes',
  mode: 'file-dialog-mode',
  /** `file-dialog-perm-owner-read` … `file-dialog-perm-others-execute`. */
  permission: (owner: string, bit: string) => `file-dialog-perm-${owner}-${bit}`,
  checkAll: 'file-dialog-check-all',
  uncheckAll: 'file-dialog-uncheck-all',
  owner: 'file-dialog-owner',
  group: 'file-dialog-group',
  same: 'file-dialog-same',
  destination: 'file-dialog-destination',
  pickFolder: 'file-dialog-pick-folder',
  folderOption: 'file-dialog-folder-option',
  folderUp: 'file-dialog-folder-up',
  folderChoose: 'file-dialog-folder-choose',
  archiveType: 'file-dialog-archive-type',
  level: 'file-dialog-level',
  junk: 'file-dialog-junk',
  here: 'file-dialog-here',
  extractWarning: 'file-dialog-extract-warning',
  url: 'file-dialog-url',
  downloadItem: 'file-dialog-download-item',
  downloadCancel: 'file-dialog-download-cancel',
  dropZone: 'file-dialog-drop-zone',
  fileInput: 'file-dialog-file-input',
  uploadItem: 'file-dialog-upload-item',
  uploadCancel: 'file-dialog-upload-cancel',
  uploadRemove: 'file-dialog-upload-remove',
  confirm: 'file-dialog-confirm',
  database: 'file-dialog-database',
} as const;
