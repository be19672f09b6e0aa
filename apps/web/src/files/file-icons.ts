import type { FileEntry } from './api';
import { isFolder } from './file-rules';

export type FileIconKind =
  'folder' | 'link' | 'archive' | 'image' | 'video' | 'audio' | 'code' | 'database' | 'text' | 'file';

const CODE = new Set([
  'php',
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'c',
  'h',
  'cpp',
  'sh',
  'bash',
  'css',
  'scss',
  'html',
  'htm',
  'vue',
  'json',
  'yml',
  'yaml',
  'xml',
  'conf',
  'ini',
  'toml',
]);
const TEXT = new Set(['txt', 'md', 'log', 'csv', 'env', 'htaccess']);

function extensionOf(name: string): string {
  const lower = name.toLowerCase();
  const dot = lower.lastIndexOf('.');
  return dot >= 0 ? lower.slice(dot + 1) : '';
}

/** The icon of a list row, from the type, the archive flag, the mime type and the name's ending. */
export function fileIconKind(
  entry: Pick<FileEntry, 'type' | 'linkType' | 'name' | 'mime' | 'isCompressed'>,
): FileIconKind {
  if (isFolder(entry)) return entry.type === 'symbolic' ? 'link' : 'folder';
  if (entry.type === 'symbolic' && !entry.linkType) return 'link';
  const extension = extensionOf(entry.name);
  if (entry.isCompressed && !entry.name.toLowerCase().endsWith('.sql.gz')) return 'archive';
  if (extension === 'sql' || entry.name.toLowerCase().endsWith('.sql.gz')) return 'database';
  if (entry.mime.startsWith('image/')) return 'image';
  // .ts is TypeScript far more often than an MPEG stream on a web server.
  if (entry.mime.startsWith('video/') && extension !== 'ts') return 'video';
  if (entry.mime.startsWith('audio/')) return 'audio';
  if (CODE.has(extension)) return 'code';
  if (TEXT.has(extension) || entry.mime.startsWith('text/')) return 'text';
  return 'file';
}
