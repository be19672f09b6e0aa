import { describe, expect, it } from 'vitest';
import { dragHasFiles, fileKeyAction, type KeyFacts } from './file-keys';

const base: KeyFacts = {
  key: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inField: false,
  dialogOpen: false,
  onFileTab: true,
};

describe('file manager keys', () => {
  it('maps the keys of the spec', () => {
    expect(fileKeyAction({ ...base, key: 'Backspace' })).toBe('up');
    expect(fileKeyAction({ ...base, key: '/' })).toBe('search');
    expect(fileKeyAction({ ...base, key: 'Escape' })).toBe('clear-search');
    expect(fileKeyAction({ ...base, key: 'w', ctrlKey: true, onFileTab: false })).toBe('close-tab');
    expect(fileKeyAction({ ...base, key: 'W', metaKey: true, onFileTab: false })).toBe('close-tab');
    expect(fileKeyAction({ ...base, key: 's', ctrlKey: true, onFileTab: false })).toBe('save');
  });

  it('leaves typing and dialogs alone', () => {
    expect(fileKeyAction({ ...base, key: 'Backspace', inField: true })).toBeNull();
    expect(fileKeyAction({ ...base, key: '/', inField: true })).toBeNull();
    expect(fileKeyAction({ ...base, key: '/', dialogOpen: true })).toBeNull();
    expect(fileKeyAction({ ...base, key: 'Backspace', onFileTab: false })).toBeNull();
    // Ctrl+W on the File tab is the browser's own.
    expect(fileKeyAction({ ...base, key: 'w', ctrlKey: true })).toBeNull();
  });

  it('recognises a drag of files', () => {
    expect(dragHasFiles(['Files'])).toBe(true);
    expect(dragHasFiles(['text/plain'])).toBe(false);
    expect(dragHasFiles(undefined)).toBe(false);
  });
});
