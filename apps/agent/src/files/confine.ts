import { constants, type Stats } from 'node:fs';
import { open, readlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { hasControlCharacters } from '@hostdeck/contracts';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import {
  childPath,
  closeDescriptor,
  descriptorPath,
  O_PATH,
  openDescriptor,
  pinChild,
  raceWindow,
  READ_PINNED,
  statDescriptor,
} from './descriptors.js';
import { FileError, badRequest, forbidden, notFound, systemErrorCode } from './errors.js';

/**
 * Confinement of every path to the token's root (SECURITY.md, path traversal and symlinks;
 * spec/001 §2: a link is followed only if its target is inside the root; docs/agent-file-safety.md).
 *
 * Rules, in order:
 * 1. the text is checked first: no NUL or control character, no backslash, no `..` segment, plain
 *    or percent-encoded; nothing touches the file system before that;
 * 2. the path must lie lexically inside the root, so nothing outside is even probed;
 * 3. it is walked from the root's descriptor one name at a time, each name pinned inside the folder
 *    pinned before it (O_PATH|O_NOFOLLOW on /proc/self/fd/N/name). A link is read and its text
 *    walked the same way (absolute: from the root, and it must name the root or below; `..` never
 *    above the root), at most 40 links per walk as the kernel allows; as root, a link in another
 *    user's folder leads only to that user's own files (assertMayFollow);
 * 4. the result is a pinned descriptor, and the call acts on it (or on names inside a pinned
 *    folder): nothing is looked up by path again after it was checked, so a folder or file swapped
 *    for a link meanwhile changes nothing.
 * Descriptors live as long as the Confinement (one file call) and are closed by `close()`.
 */

const posix = path.posix;
const MAX_PATH_LENGTH = 4096;
const MAX_NAME_BYTES = 255;
/** Links followed in one walk (the kernel's own limit, MAXSYMLINKS). */
const MAX_LINK_HOPS = 40;

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
    throw new FileError(422, FILE_MESSAGES.invalidName, { name: FILE_MESSAGES.invalidName });
  segments.forEach(checkName);
  return segments;
}

/** A file, folder or link pinned by an O_PATH descriptor once it was checked. */
export interface PinnedNode {
  /** Closed with the Confinement that opened it. */
  readonly fd: number;
  /** fstat of the descriptor: what it holds, not what its path names now. */
  readonly stats: Stats;
  /** The path it was walked along (no link in it): for answers and checks, never looked up again. */
  readonly real: string;
  /** The pinned folder it was found in; null for the root (its folder is outside). */
  readonly parent: PinnedNode | null;
  /** Its name in `parent`. */
  readonly name: string;
}

/** An existing entry, not followed if it is a link (delete, rename, move act on the link itself). */
export interface ConfinedEntry {
  /** The path as the caller wrote it (normalised), used in answers. */
  visible: string;
  node: PinnedNode;
  isRoot: boolean;
}

/** Where something will be written: `name` in the pinned `folder`; the name may not exist yet. */
export interface ConfinedDestination {
  visible: string;
  /** The folder to write in: the path's own, or that of the inside-root target of a link with that name. */
  folder: PinnedNode;
  name: string;
  /** `folder.real` + `name`, for answers and as a key. */
  real: string;
  /** What is there now (fstat of its pinned descriptor), or null. */
  stats: Stats | null;
}

const missingCodes = new Set(['ENOENT', 'ENOTDIR']);

export class Confinement {
  private readonly descriptors = new Set<number>();

  private constructor(
    /** The scope root as given (normalised): the prefix of the paths the caller sees. */
    readonly visibleRoot: string,
    readonly realRoot: string,
    readonly root: PinnedNode,
  ) {
    this.descriptors.add(root.fd);
  }

  /** Pins the scope root (a trusted value from the token; links in it are followed). */
  static async open(root: string): Promise<Confinement> {
    if (!path.isAbsolute(root)) throw forbidden(FILE_MESSAGES.outsideRoot);
    const visibleRoot = posix.normalize(root).replace(/(.)\/$/, '$1');
    const fd = await openDescriptor(visibleRoot, O_PATH | constants.O_DIRECTORY).catch(() => {
      throw notFound();
    });
    try {
      const [stats, realRoot] = await Promise.all([statDescriptor(fd), readlink(descriptorPath(fd))]);
      return new Confinement(visibleRoot, realRoot, {
        fd,
        stats,
        real: realRoot,
        parent: null,
        name: posix.basename(realRoot),
      });
    } catch (error) {
      await closeDescriptor(fd);
      throw error;
    }
  }

  /** Closes every descriptor this confinement still holds. */
  async close(): Promise<void> {
    const open = [...this.descriptors];
    this.descriptors.clear();
    await Promise.all(open.map(closeDescriptor));
  }

  /** Hands `node`'s descriptor over to the caller, who closes it (work that outlives the call). */
  detach(node: PinnedNode): number {
    this.descriptors.delete(node.fd);
    return node.fd;
  }

  /** Closes `node` now (a long walk that must not hold every folder it passed). */
  async release(node: PinnedNode): Promise<void> {
    if (node === this.root || !this.descriptors.delete(node.fd)) return;
    await closeDescriptor(node.fd);
  }

  /**
   * Runs `work`, then closes every descriptor it pinned (its results must not be used after). Only
   * for work done alone on this confinement: what runs meanwhile would lose its descriptors too.
   */
  async scoped<T>(work: () => Promise<T>): Promise<T> {
    const before = new Set(this.descriptors);
    try {
      return await work();
    } finally {
      const opened = [...this.descriptors].filter((fd) => !before.has(fd));
      opened.forEach((fd) => this.descriptors.delete(fd));
      await Promise.all(opened.map(closeDescriptor));
    }
  }

  /** The payload's `root` (spec/001 §7), defaulting to the scope root; it must lie inside the scope root. */
  async base(rootField: string | undefined): Promise<string> {
    if (rootField === undefined || rootField === '') return this.visibleRoot;
    if (!rootField.startsWith('/')) throw badRequest(FILE_MESSAGES.invalidPath);
    const visible = this.visiblePath(rootField, this.visibleRoot);
    await this.scoped(() => this.target(visible));
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

  /** The names below the root of a lexically-inside visible path (nothing outside is ever probed). */
  segmentsOf(visible: string): string[] {
    if (!this.isLexicallyInside(visible)) throw forbidden(FILE_MESSAGES.outsideRoot);
    const prefix = isInside(visible, this.visibleRoot) ? this.visibleRoot : this.realRoot;
    return visible
      .slice(prefix.length)
      .split('/')
      .filter((segment) => segment !== '');
  }

  /** An existing file or folder, following links that stay inside the root. */
  async target(visible: string): Promise<PinnedNode> {
    const segments = this.segmentsOf(visible);
    return this.last(await this.walk([this.root], segments, true).catch(asNotFound));
  }

  /** An existing entry itself, a final link not followed (the folders above it are, inside the root). */
  async entry(visible: string): Promise<ConfinedEntry> {
    const segments = this.segmentsOf(visible);
    const stack = await this.walk([this.root], segments, false).catch(asEntryError);
    const node = this.last(stack);
    return { visible, node, isRoot: node === this.root };
  }

  /**
   * A place to write `visible`: the parent must be an existing folder inside the root. A link with
   * that name is written through only when its target exists inside the root; a dangling link is
   * refused (writing would create its target, wherever that is).
   */
  async destination(visible: string): Promise<ConfinedDestination> {
    const segments = this.segmentsOf(visible);
    const name = segments.pop();
    if (name === undefined) throw forbidden(FILE_MESSAGES.rootProtected);
    const folder = this.last(await this.walk([this.root], segments, true).catch(asEntryError));
    return this.destinationIn(folder, name, visible);
  }

  /** `destination` for `name` in a folder pinned already (one made by ensureFolders, for one). */
  async destinationIn(folder: PinnedNode, name: string, visible: string): Promise<ConfinedDestination> {
    if (!folder.stats.isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
    const existing = await this.child(folder, name);
    if (!existing?.stats.isSymbolicLink()) {
      return { visible, folder, name, real: joinReal(folder.real, name), stats: existing?.stats ?? null };
    }
    const linked = this.last(
      await this.walk(ancestry(folder), [name], true).catch((error: unknown) => {
        throw error instanceof FileError ? error : forbidden(FILE_MESSAGES.symlinkOutsideRoot);
      }),
    );
    // A link to the root itself: not a file to write.
    if (!linked.parent) throw new FileError(409, FILE_MESSAGES.notAFile);
    return { visible, folder: linked.parent, name: linked.name, real: linked.real, stats: linked.stats };
  }

  /** `name` in the pinned `folder`, a link pinned as a link; null when there is no such entry. */
  async child(folder: PinnedNode, name: string): Promise<PinnedNode | null> {
    const pinned = await pinChild(folder.fd, name);
    if (!pinned) return null;
    this.descriptors.add(pinned.fd);
    if (raceWindow.hook) await raceWindow.hook('pinned', name);
    return { fd: pinned.fd, stats: pinned.stats, real: joinReal(folder.real, name), parent: folder, name };
  }

  /** `name` in the pinned `folder`, followed if it is a link that stays inside the root. */
  async follow(folder: PinnedNode, name: string): Promise<PinnedNode> {
    return this.last(await this.walk(ancestry(folder), [name], true).catch(asNotFound));
  }

  /** Opens the regular file a node pins for reading, through its own descriptor: no path is walked again. */
  async openPinned(node: PinnedNode): Promise<FileHandle> {
    if (!node.stats.isFile()) throw new FileError(409, FILE_MESSAGES.notAFile);
    return open(descriptorPath(node.fd), READ_PINNED);
  }

  /** The visible path of a real path inside the root (answers show paths as the caller wrote them). */
  toVisible(real: string): string {
    if (this.visibleRoot === this.realRoot || !isInside(real, this.realRoot)) return real;
    const rest = real.slice(this.realRoot.length);
    return this.visibleRoot === '/' ? rest || '/' : `${this.visibleRoot}${rest}`;
  }

  private last(stack: PinnedNode[]): PinnedNode {
    return stack[stack.length - 1] as PinnedNode;
  }

  /**
   * Walks `segments` from the folders of `start` (the root first, the current folder last): each
   * name is pinned inside the folder pinned before it. A link that is not last (or `followFinal`)
   * is read and its text walked in its place: an absolute text from the root, which it must name
   * (`realRoot` or `visibleRoot`) before anything below it; `..` returns to the folder walked
   * before and never rises above the root (except for the root `/`, whose `..` is itself). What the
   * text leads to must pass `assertMayFollow`. Missing entries throw ENOENT, a file walked as a
   * folder ENOTDIR, both as system errors.
   */
  private async walk(
    start: PinnedNode[],
    segments: string[],
    followFinal: boolean,
    budget = { hops: 0 },
  ): Promise<PinnedNode[]> {
    let stack = [...start];
    for (let index = 0; index < segments.length; index += 1) {
      const segment = segments[index] as string;
      if (segment === '' || segment === '.') continue;
      const folder = this.last(stack);
      if (!folder.stats.isDirectory()) throw systemError('ENOTDIR');
      if (segment === '..') {
        if (stack.length > 1) stack.pop();
        else if (this.realRoot !== '/') throw forbidden(FILE_MESSAGES.symlinkOutsideRoot);
        continue;
      }
      const isLast = segments.slice(index + 1).every((rest) => rest === '' || rest === '.');
      stack = await this.step(stack, segment, isLast && !followFinal, budget);
    }
    return stack;
  }

  /** One name of a walk: pinned, and if it is a link to follow, replaced by what its text leads to. */
  private async step(
    stack: PinnedNode[],
    name: string,
    keepLink: boolean,
    budget: { hops: number },
  ): Promise<PinnedNode[]> {
    const folder = this.last(stack);
    for (let attempt = 1; ; attempt += 1) {
      const node = await this.child(folder, name);
      if (!node) throw systemError('ENOENT');
      if (!node.stats.isSymbolicLink() || keepLink) return [...stack, node];
      budget.hops += 1;
      if (budget.hops > MAX_LINK_HOPS) throw forbidden(FILE_MESSAGES.symlinkOutsideRoot);
      // Read by name (Node has no readlinkat of a descriptor): whatever text is there now is walked
      // under the rules of assertMayFollow, so a swap meanwhile gains nothing.
      const text = await readlink(childPath(folder.fd, name)).catch((error: unknown) =>
        systemErrorCode(error) === 'EINVAL' ? null : Promise.reject(error),
      );
      if (text === null) {
        // No longer a link: pin the name again, a few times at most.
        if (attempt >= 3) throw new FileError(409, FILE_MESSAGES.changedMeanwhile);
        continue;
      }
      const from = text.startsWith('/') ? [this.root] : stack;
      const reached = await this.walk(from, this.linkSegments(text), true, budget);
      assertMayFollow(folder.stats, node.stats, this.last(reached).stats);
      return reached;
    }
  }

  /** A link's text as names to walk; an absolute one must name the root first (then walked from it). */
  private linkSegments(text: string): string[] {
    const segments = text.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (!text.startsWith('/') || this.realRoot === '/') return segments;
    for (const prefix of [this.realRoot, this.visibleRoot]) {
      const rootSegments = prefix.split('/').filter((segment) => segment !== '');
      if (rootSegments.every((segment, index) => segments[index] === segment))
        return segments.slice(rootSegments.length);
    }
    throw forbidden(FILE_MESSAGES.symlinkOutsideRoot);
  }
}

/**
 * Whose links root may follow (docs/agent-file-safety.md). With a server token the root is `/`, so
 * every link is "inside the root", yet a link in a site's folder is the site user's choice: a user
 * who swaps a folder for a link to /root just before root's call is checked would have root act
 * there. So root follows a link only to what the user who chose it owns (as nginx's
 * `disable_symlinks if_not_owner`): the link was chosen by the owner of its folder (nobody else can
 * put a name there), or in a sticky folder (/tmp) by the link's owner, or by anyone in a folder its
 * group or others may write (never followed). Root's own folders' links are followed as before. A
 * site user's worker needs no rule: the kernel gives it nothing it could not reach itself.
 */
function assertMayFollow(folder: Stats, link: Stats, target: Stats): void {
  if (process.getuid?.() !== 0) return;
  const othersMayWrite = (folder.mode & 0o022) !== 0;
  const chooser = !othersMayWrite ? folder.uid : folder.mode & 0o1000 ? link.uid : null;
  if (chooser === 0) return;
  if (chooser === null || target.uid !== chooser) throw forbidden(FILE_MESSAGES.symlinkOtherOwner);
}

/** The pinned folders from the root down to `node` (what `..` in a link's text walks back through). */
export function ancestry(node: PinnedNode): PinnedNode[] {
  const chain: PinnedNode[] = [];
  for (let current: PinnedNode | null = node; current; current = current.parent) chain.unshift(current);
  return chain;
}

function joinReal(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

function systemError(code: string): Error {
  return Object.assign(new Error(code), { code });
}

function asNotFound(error: unknown): never {
  if (missingCodes.has(systemErrorCode(error) ?? '')) throw notFound();
  throw error;
}

/** For an entry or a destination, a file walked as a folder is a 409 (its folder is not one). */
function asEntryError(error: unknown): never {
  if (systemErrorCode(error) === 'ENOTDIR') throw new FileError(409, FILE_MESSAGES.notADirectory);
  return asNotFound(error);
}
