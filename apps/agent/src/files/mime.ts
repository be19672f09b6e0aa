/**
 * File kinds by name: the list's `mime`, `isCompressed` and `canView` (spec/001 §3), and the
 * content type of media served by `view` (§2: images and videos, except .ts, show as media).
 * A small built-in table: the agent bundle carries no mime database.
 */

// prettier-ignore
const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  avif: 'image/avif', bmp: 'image/bmp', ico: 'image/x-icon', svg: 'image/svg+xml', tif: 'image/tiff',
  tiff: 'image/tiff', mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg',
  mov: 'video/quicktime', mkv: 'video/x-matroska', avi: 'video/x-msvideo', mp3: 'audio/mpeg',
  wav: 'audio/wav', ogg: 'audio/ogg', m4a: 'audio/mp4', flac: 'audio/flac',
};

// prettier-ignore
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain', log: 'text/plain', md: 'text/markdown', html: 'text/html', htm: 'text/html',
  css: 'text/css', scss: 'text/x-scss', less: 'text/x-less', js: 'text/javascript',
  mjs: 'text/javascript', cjs: 'text/javascript', ts: 'text/typescript', tsx: 'text/typescript',
  jsx: 'text/javascript', json: 'application/json', xml: 'application/xml', yml: 'text/yaml',
  yaml: 'text/yaml', csv: 'text/csv', php: 'application/x-httpd-php', py: 'text/x-python',
  rb: 'text/x-ruby', go: 'text/x-go', rs: 'text/x-rust', java: 'text/x-java', c: 'text/x-c',
  h: 'text/x-c', cpp: 'text/x-c++', sh: 'application/x-sh', bash: 'application/x-sh',
  conf: 'text/plain', cnf: 'text/plain', ini: 'text/plain', env: 'text/plain', sql: 'application/sql',
  htaccess: 'text/plain', vue: 'text/plain', svelte: 'text/plain', twig: 'text/plain',
  lock: 'text/plain', toml: 'text/plain', properties: 'text/plain', service: 'text/plain',
};

// prettier-ignore
const ARCHIVE_TYPES: Record<string, string> = {
  zip: 'application/zip', tar: 'application/x-tar', 'tar.gz': 'application/gzip', tgz: 'application/gzip',
  gz: 'application/gzip', rar: 'application/vnd.rar', '7z': 'application/x-7z-compressed',
  bz2: 'application/x-bzip2', xz: 'application/x-xz',
};

/** Archives the agent can extract (decompress): zip, tar, tar.gz / tgz. */
const EXTRACTABLE = new Set(['zip', 'tar', 'tar.gz', 'tgz']);

// prettier-ignore
const BINARY = new Set([
  'exe', 'dll', 'so', 'o', 'a', 'bin', 'dat', 'db', 'sqlite', 'sqlite3', 'iso', 'img', 'pdf', 'doc',
  'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'class', 'jar', 'war',
  'pyc', 'node', 'deb', 'rpm', 'swp', 'ibd', 'frm', 'myd', 'myi',
]);

/** 'archive.tar.gz' → 'tar.gz'; 'photo.JPG' → 'jpg'; '.htaccess' → 'htaccess'; 'README' → ''. */
export function extensionOf(name: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('.tar.gz') && lower.length > 7) return 'tar.gz';
  const dot = lower.lastIndexOf('.');
  return dot < 0 || dot === lower.length - 1 ? '' : lower.slice(dot + 1);
}

/** The name without its extension ('archive.tar.gz' → 'archive', '.htaccess' → ''). */
export function basenameOf(name: string): string {
  const extension = extensionOf(name);
  return extension ? name.slice(0, name.length - extension.length - 1) : name;
}

export function mimeOf(name: string): string {
  const extension = extensionOf(name);
  return (
    MEDIA_TYPES[extension] ??
    TEXT_TYPES[extension] ??
    ARCHIVE_TYPES[extension] ??
    (BINARY.has(extension) ? 'application/octet-stream' : 'text/plain')
  );
}

/** Images, video and audio served as media by `view` (not .ts: TypeScript, not an MPEG stream). */
export function isMedia(name: string): boolean {
  return MEDIA_TYPES[extensionOf(name)] !== undefined;
}

export function isCompressed(name: string): boolean {
  return EXTRACTABLE.has(extensionOf(name));
}

/** Whether the viewer can show it: text-like by name, or media. Content is checked again by `view`. */
export function canView(name: string): boolean {
  const extension = extensionOf(name);
  return isMedia(name) || (!BINARY.has(extension) && ARCHIVE_TYPES[extension] === undefined);
}

export interface FileKind {
  extension: string;
  mime: string;
  isCompressed: boolean;
  canView: boolean;
}

const kindCache = new Map<string, FileKind>();

/** Everything the list shows about a name's type, computed once per extension (100k-entry folders). */
export function kindOf(name: string): FileKind {
  const extension = extensionOf(name);
  let kind = kindCache.get(extension);
  if (!kind) {
    kind = { extension, mime: mimeOf(name), isCompressed: isCompressed(name), canView: canView(name) };
    kindCache.set(extension, kind);
  }
  return kind;
}
