export { FileEditor, type FileEditorProps } from './FileEditor';
export { FileEditorView, type FileEditorViewProps } from './FileEditorView';
export { FILE_EDITOR_TEST_IDS } from './test-ids';
export { mediaKindOf, VIEW_LIMITS } from './viewer-rules';
