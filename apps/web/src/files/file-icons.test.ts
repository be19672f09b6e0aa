import { describe, expect, it } from 'vitest';
import { fileIconKind } from './file-icons';

const item = (name: string, extra: Partial<Parameters<typeof fileIconKind>[0]> = {}) => ({
  type: 'file' as const,
  linkType: null,
  name,
  mime: 'application/octet-stream',
  isCompressed: false,
  ...extra,
});

describe('file icons', () => {
  it('picks the built-in icon by type, mime and ending', () => {
    expect(fileIconKind(item('www', { type: 'dir' }))).toBe('folder');
    expect(fileIconKind(item('current', { type: 'symbolic', linkType: 'dir' }))).toBe('link');
    expect(fileIconKind(item('a.zip', { isCompressed: true }))).toBe('archive');
    expect(fileIconKind(item('dump.sql.gz', { isCompressed: true }))).toBe('database');
    expect(fileIconKind(item('logo.png', { mime: 'image/png' }))).toBe('image');
    expect(fileIconKind(item('app.ts', { mime: 'video/mp2t' }))).toBe('code');
    expect(fileIconKind(item('index.php'))).toBe('code');
    expect(fileIconKind(item('.env'))).toBe('text');
    expect(fileIconKind(item('blob'))).toBe('file');
  });
});
