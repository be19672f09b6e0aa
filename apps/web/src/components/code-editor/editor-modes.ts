/**
 * The code editor's modes and which one a file opens in. Kept free of CodeMirror so pages (the
 * file manager's mode selector, the web server pages) can use it without loading the editor.
 */
export const EDITOR_MODES = [
  'nginx',
  'apache',
  'ini',
  'php',
  'blade',
  'shell',
  'env',
  'json',
  'yaml',
  'javascript',
  'css',
  'html',
  'markdown',
  'text',
] as const;

export type EditorMode = (typeof EDITOR_MODES)[number];

const BY_EXTENSION = new Map<string, EditorMode>(
  Object.entries({
    ini: 'ini',
    cnf: 'ini',
    php: 'php',
    phtml: 'php',
    sh: 'shell',
    bash: 'shell',
    zsh: 'shell',
    env: 'env',
    json: 'json',
    webmanifest: 'json',
    yml: 'yaml',
    yaml: 'yaml',
    js: 'javascript',
    mjs: 'javascript',
    cjs: 'javascript',
    jsx: 'javascript',
    ts: 'javascript',
    tsx: 'javascript',
    mts: 'javascript',
    cts: 'javascript',
    css: 'css',
    scss: 'css',
    less: 'css',
    html: 'html',
    htm: 'html',
    md: 'markdown',
    markdown: 'markdown',
  } satisfies Record<string, EditorMode>),
);

/** Files whose name says more than their extension (or that have none). */
const BY_NAME = new Map<string, EditorMode>(
  Object.entries({
    '.bashrc': 'shell',
    '.bash_profile': 'shell',
    '.bash_aliases': 'shell',
    '.bash_logout': 'shell',
    '.profile': 'shell',
    '.zshrc': 'shell',
    // Apache's environment file is a shell script sourced by apache2ctl, not a config.
    envvars: 'shell',
    'composer.lock': 'json',
    // Apache's per-directory config, wherever a site keeps it.
    '.htaccess': 'apache',
  } satisfies Record<string, EditorMode>),
);

/**
 * Folders whose configs have their own syntax (spec/001 §2: nginx conf under /etc/nginx, apache
 * conf under /etc/apache2, ini under /etc/php or /etc/mysql). There every file takes the folder's
 * mode (`x.conf`, `fastcgi_params`, `sites-available/example.com`, `mime.types`) unless its
 * extension names another language (a `.sh` hook stays shell, `php.ini` is ini anyway).
 */
const BY_FOLDER: [prefix: string, mode: EditorMode][] = [
  ['/etc/nginx/', 'nginx'],
  ['/etc/apache2/', 'apache'],
  ['/etc/php/', 'ini'],
  ['/etc/mysql/', 'ini'],
];

/** The mode a file opens in, from its absolute path; `text` when nothing fits. */
export function editorModeForPath(path: string): EditorMode {
  const name = (path.split('/').at(-1) ?? '').toLowerCase();
  if (name.endsWith('.blade.php')) return 'blade';
  // `.env`, `.env.local`, `.env.production`, `.env.example`: Laravel and most frameworks.
  if (name === '.env' || name.startsWith('.env.')) return 'env';
  const named = BY_NAME.get(name);
  if (named) return named;
  const dot = name.lastIndexOf('.');
  // A leading dot (`.htaccess`) starts a hidden name, not an extension.
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  const byExtension = BY_EXTENSION.get(extension);
  if (byExtension) return byExtension;
  const folder = BY_FOLDER.find(([prefix]) => path.startsWith(prefix));
  return folder ? folder[1] : 'text';
}
