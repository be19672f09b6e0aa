import { constants, existsSync, type Stats } from 'node:fs';
import { lstat, open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { hasControlCharacters } from '@hostdeck/contracts';
import { FileError, badRequest, forbidden, notFound, systemErrorCode } from './errors.js';
import { FILE_MESSAGES } from './messages.js';

/**
 * Confinement of every path to the token's root (SECURITY.md, path traversal and symlinks;
 * spec/001 §2: a link is followed only if its target is inside the root).
 *
 * Rules, in order:
 * 1. the text is checked first: no NUL or control character, no backslash, no `..` segment, plain
 *    or percent-encoded; nothing touches the file system before that;
 * 2. the path must lie lexically inside the root, so nothing outside is even probed;
 * 3. it is resolved with realpath (for a path that does not exist yet: realpath of the parent plus
 *    the name) and the resolved path must equal the real root or start with real root + '/';
 *    a lexically-inside path can only leave through a symlink, hence the §2 message;
 * 4. files are opened with O_NOFOLLOW and, where /proc exists, the opened descriptor's own path is
 *    checked again, so a component swapped for a symlink after the check is caught. Changes of
 *    a directory's entries go through the directory's pinned descriptor (/proc/self/fd/N/name),
 *    the openat() of Node.
 */

const posix = path.posix;
const MAX_PATH_LENGTH = 4096;
const MAX_NAME_BYTES = 255;
const HAS_PROC_FD = existsSync('/proc/self/fd');

/** True when `candidate` is `root` or below it. Both must be absolute and normalised. */
export function isInside(candidate: string, root: string): boolean {
  if (root === '/') return candidate.startsWith('/');
  return candidate === root || candidate.startsWith(`${root}/`);
}

/** `..` hidden behind percent-encoding (`%2e%2e`, `.%2e`, double-encoded `%252e`). */
function isDotSegment(segment: string): boolean {
  const decoded = segment.replace(/%(?:25)*2e/gi, '.');
  return decoded === '..' || (decoded === '.' && decoded !== segment);
}

/** The first rule: a path's text alone. Returns the text when acceptable. */
export function checkPathText(value: string): string {
  if (value.length === 0 || value.length > MAX_PATH_LENGTH) throw badRequest(FILE_MESSAGES.invalidPath);
  if (value.includes('\\') || hasControlCharacters(value)) throw badRequest(FILE_MESSAGES.invalidPath);
  for (const segment of value.split('/')) {
    if (segment === '..' || isDotSegment(segment)) throw badRequest(FILE_MESSAGES.invalidPath);
    if (Buffer.byteLength(segment) > MAX_NAME_BYTES) throw badRequest(FILE_MESSAGES.invalidPath);
  }
  return value;
}

/** One file or folder name (rename, upload, archive name): a single safe segment. */
export function checkName(value: string): string {
  if (value.includes('/') || value === '.' || value === '..' || value.trim() === '') {
    throw new FileError(422, FILE_MESSAGES.invalidName, { name: FILE_MESSAGES.invalidName });
  }
  try {
    checkPathText(value);
  } catch {
    throw new FileError(422, FILE_MESSAGES.invalidName, { name: FILE_MESSAGES.invalidName });
  }
  return value;
}

/** A relative name that may hold sub-folders ('abc/def/xyz', spec/001 §2 create dialogs), as segments. */
export function checkRelativeName(value: string): string[] {
  const segments = value.split('/').filter((segment) => segment !== '');
  if (segments.length === 0)
    throw new FileError(422, FILE_MESSAGES.invalidName, { name: FILE_MESSAGES.required });
  segments.forEach(checkName);
  return segments;
}

/** An existing entry, not followed if it is a link (delete, rename, move act on the link itself). */
export interface ConfinedEntry {
  /** The path as the caller wrote it (normalised), used in answers. */
  visible: string;
  /** Real parent + name: no symlink in it except possibly the final component. */
  real: string;
  parentReal: string;
  name: string;
  stats: Stats;
  isRoot: boolean;
}

/** Where something will be written: the parent exists inside the root; the final name may not. */
export interface ConfinedDestination {
  visible: string;
  /** The file to write: parent + name, or the inside-root target of a link with that name. */
  real: string;
  parentReal: string;
  name: string;
  /** stat of `real` when it exists. */
  stats: Stats | null;
}

export class Confinement {
  private constructor(
    /** The scope root as given (normalised): the prefix of the paths the caller sees. */
    readonly visibleRoot: string,
    readonly realRoot: string,
  ) {}

  static async open(root: string): Promise<Confinement> {
    if (!path.isAbsolute(root)) throw forbidden(FILE_MESSAGES.outsideRoot);
    const visibleRoot = posix.normalize(root).replace(/(.)\/$/, '$1');
    const realRoot = await realpath(visibleRoot).catch(() => {
      throw notFound();
    });
    return new Confinement(visibleRoot, realRoot);
  }

  /** The payload's `root` (spec/001 §7), defaulting to the scope root; it must lie inside the scope root. */
  async base(rootField: string | undefined): Promise<string> {
    if (rootField === undefined || rootField === '') return this.visibleRoot;
    if (!rootField.startsWith('/')) throw badRequest(FILE_MESSAGES.invalidPath);
    const visible = this.visiblePath(rootField, this.visibleRoot);
    await this.target(visible);
    return visible;
  }

  /** The caller's path made absolute (relative paths hang from `base`) and normalised; text checked. */
  visiblePath(input: string, base: string): string {
    checkPathText(input);
    const joined = input.startsWith('/') ? input : posix.join(base, input);
    const normalised = posix.normalize(joined);
    return normalised.length > 1 ? normalised.replace(/\/$/, '') : normalised;
  }

  isLexicallyInside(visible: string): boolean {
    return isInside(visible, this.visibleRoot) || isInside(visible, this.realRoot);
  }

  isRootPath(visible: string): boolean {
    return visible === this.visibleRoot || visible === this.realRoot;
  }

  private assertLexicallyInside(visible: string): void {
    if (!this.isLexicallyInside(visible)) throw forbidden(FILE_MESSAGES.outsideRoot);
  }

  /** A resolved path must be inside the real root; a lexically-inside one that is not left through a link. */
  assertInside(real: string): void {
    if (!isInside(real, this.realRoot)) throw forbidden(FILE_MESSAGES.symlinkOutsideRoot);
  }

  /** The real path of an existing file or folder, following links that stay inside the root. */
  async target(visible: string): Promise<string> {
    this.assertLexicallyInside(visible);
    let real: string;
    try {
      real = await realpath(visible);
    } catch (error) {
      const code = systemErrorCode(error);
      if (code === 'ELOOP') throw forbidden(FILE_MESSAGES.symlinkOutsideRoot);
      if (code === 'ENOENT' || code === 'ENOTDIR') throw await this.missingTarget(visible);
      throw error;
    }
    this.assertInside(real);
    return real;
  }

  /** A missing target may be a dangling link: one aimed outside the root is refused as such. */
  private async missingTarget(visible: string): Promise<FileError> {
    const parentReal = await realpath(posix.dirname(visible)).catch(() => null);
    if (parentReal === null) return notFound();
    if (!isInside(parentReal, this.realRoot)) return forbidden(FILE_MESSAGES.symlinkOutsideRoot);
    const linkPath = posix.join(parentReal, posix.basename(visible));
    const link = await readlink(linkPath).catch(() => null);
    if (link === null) return notFound();
    const aimed = posix.resolve(parentReal, link);
    return isInside(aimed, this.realRoot) ? notFound() : forbidden(FILE_MESSAGES.symlinkOutsideRoot);
  }

  /** An existing entry itself, a final symlink not followed (its parent is resolved). */
  async entry(visible: string): Promise<ConfinedEntry> {
    this.assertLexicallyInside(visible);
    if (this.isRootPath(visible)) {
      const stats = await lstat(this.realRoot);
      const name = posix.basename(this.realRoot);
      return {
        visible,
        real: this.realRoot,
        parentReal: posix.dirname(this.realRoot),
        name,
        stats,
        isRoot: true,
      };
    }
    const parentReal = await this.realParent(visible);
    const name = posix.basename(visible);
    const real = posix.join(parentReal, name);
    const stats = await lstat(real).catch((error: unknown) => {
      throw systemErrorCode(error) === 'ENOENT' ? notFound() : error;
    });
    return { visible, real, parentReal, name, stats, isRoot: false };
  }

  /**
   * A place to write `visible`: the parent must be an existing folder inside the root. A link with
   * that name is written through only when its target is inside the root; a dangling link is refused
   * (writing would create its target, wherever that is).
   */
  async destination(visible: string): Promise<ConfinedDestination> {
    this.assertLexicallyInside(visible);
    if (this.isRootPath(visible)) throw forbidden(FILE_MESSAGES.rootProtected);
    const parentReal = await this.realParent(visible);
    const name = posix.basename(visible);
    const direct = posix.join(parentReal, name);
    const linkStats = await lstat(direct).catch((error: unknown) => {
      if (systemErrorCode(error) === 'ENOENT') return null;
      throw error;
    });
    if (!linkStats) return { visible, real: direct, parentReal, name, stats: null };
    if (!linkStats.isSymbolicLink()) return { visible, real: direct, parentReal, name, stats: linkStats };
    const real = await realpath(direct).catch(() => {
      throw forbidden(FILE_MESSAGES.symlinkOutsideRoot);
    });
    this.assertInside(real);
    return {
      visible,
      real,
      parentReal: posix.dirname(real),
      name: posix.basename(real),
      stats: await stat(real),
    };
  }

  /** realpath of the parent folder, which must exist, be a folder and be inside the root. */
  private async realParent(visible: string): Promise<string> {
    const parentVisible = posix.dirname(visible);
    const parentReal = await this.target(parentVisible);
    const parentStats = await stat(parentReal);
    if (!parentStats.isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
    return parentReal;
  }

  /**
   * Opens a file that `target`/`destination` resolved, never through a final link (O_NOFOLLOW),
   * then checks where the descriptor really points, which catches a folder swapped for a link
   * between the check and the open.
   */
  async openFile(real: string, flags: number, mode?: number): Promise<FileHandle> {
    const handle = await open(real, flags | constants.O_NOFOLLOW, mode);
    try {
      await this.assertDescriptorInside(handle.fd);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** A path that reopens exactly the file behind `handle` (its /proc/self/fd link), else `real`. */
  descriptorPath(handle: FileHandle, real: string): string {
    return HAS_PROC_FD ? `/proc/self/fd/${handle.fd}` : real;
  }

  private async assertDescriptorInside(fd: number): Promise<void> {
    if (!HAS_PROC_FD) return;
    const actual = await readlink(`/proc/self/fd/${fd}`);
    this.assertInside(actual);
  }

  /**
   * Runs `work` with a path naming the folder `directoryReal` through a pinned descriptor
   * (/proc/self/fd/N), so names joined to it are created, renamed or removed in that very folder
   * even if a parent is swapped meanwhile. Falls back to the plain path without /proc.
   */
  async inDirectory<T>(directoryReal: string, work: (directory: string) => Promise<T>): Promise<T> {
    if (!HAS_PROC_FD) return work(directoryReal);
    const handle = await open(
      directoryReal,
      constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW,
    );
    try {
      await this.assertDescriptorInside(handle.fd);
      return await work(`/proc/self/fd/${handle.fd}`);
    } finally {
      await handle.close();
    }
  }

  /** The visible path of a real path inside the root (answers show paths as the caller wrote them). */
  toVisible(real: string): string {
    if (this.visibleRoot === this.realRoot || !isInside(real, this.realRoot)) return real;
    const rest = real.slice(this.realRoot.length);
    return this.visibleRoot === '/' ? rest || '/' : `${this.visibleRoot}${rest}`;
  }
}
