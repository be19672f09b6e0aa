export { FileDialogs } from './FileDialogs';
export { DEFAULT_FILE_SETTINGS } from './settings-rules';
export { FILE_DIALOG_FIELD, FILE_DIALOG_SUBMIT, FILE_DIALOG_CANCEL, fileDialogTestId } from './test-ids';
export type * from './types';
