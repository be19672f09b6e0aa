import { chown, link, lstat, mkdir, open, symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hasControlCharacters } from '@hostdeck/contracts';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { isInside, type Confinement, type PinnedNode } from './confine.js';
import { childPath, CREATE_NEW, descriptorPath, statDescriptor } from './descriptors.js';
import { FileError, systemErrorCode } from './errors.js';
import type { ArchiveLimits } from './options.js';
import { writeStreamOf } from './fd-streams.js';

const posix = path.posix;
/** Where link texts are resolved lexically: any absolute folder would do. */
const STAGING_TEXT_ROOT = '/staging';

export const unsafeEntry = () => new FileError(422, FILE_MESSAGES.unsafeArchiveEntry);
export const tooBig = () => new FileError(413, FILE_MESSAGES.archiveTooLarge);

/** The most an extraction of an archive of `archiveBytes` may write (SECURITY.md, archives: cap size). */
export function extractionBudget(limits: ArchiveLimits, archiveBytes: number): number {
  return Math.min(limits.maxTotalBytes, Math.max(limits.ratioFloorBytes, archiveBytes * limits.maxRatio));
}

/**
 * An entry name as safe segments: relative, no `..`, no backslash or control character, no empty
 * name. Leading './' is dropped. Anything else is a 422 before a byte is written (zip-slip).
 */
export function entrySegments(name: string): string[] {
  if (name.startsWith('/') || name.includes('\\') || hasControlCharacters(name)) throw unsafeEntry();
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..')) throw unsafeEntry();
  if (segments.some((segment) => Buffer.byteLength(segment) > 255)) throw unsafeEntry();
  return segments;
}

/**
 * Where an archive is unpacked: a fresh private staging folder (inside the destination, so the final
 * moves are renames), reached only through its own pinned descriptor (`staging`, a Confinement
 * rooted there). Every write goes through it with these guarantees:
 * - parents are real folders, each pinned inside the one above it (O_NOFOLLOW): an existing link is
 *   never written through, so a link entry followed by 'link/file' cannot leave the folder, and a
 *   folder renamed or swapped meanwhile cannot redirect a write;
 * - link entries must aim inside the staging folder (absolute targets refused), and are walked
 *   again from the staging folder's descriptor once everything is written (chains of links);
 * - hard links may only name files already extracted here;
 * - setuid/setgid/sticky bits are dropped; the owner is the extracting user (or `owner`), given
 *   through the new entry's own descriptor;
 * - entries and written bytes are counted against the caps as they stream, whatever the archive
 *   declares, so a bomb stops at the cap.
 */
export class ExtractionTarget {
  entries = 0;
  bytes = 0;
  private readonly links: string[][] = [];
  /** The pinned folders above the last entry: archives list entries folder by folder. */
  private chain: PinnedNode[] = [];

  constructor(
    private readonly staging: Confinement,
    private readonly limits: { maxEntries: number; maxBytes: number },
    private readonly owner: { uid: number; gid: number } | null,
  ) {}

  countEntry(): void {
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) throw new FileError(413, FILE_MESSAGES.archiveTooManyEntries);
  }

  private addBytes(count: number): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxBytes) throw tooBig();
  }

  /**
   * Pins (creating them) the real folders above `segments`, reusing those of the previous entry
   * and closing the others, so a walk holds one descriptor per level at most.
   */
  private async prepare(segments: string[]): Promise<{ folder: PinnedNode; name: string }> {
    const parents = segments.slice(0, -1);
    let kept = 0;
    while (kept < this.chain.length && kept < parents.length && this.chain[kept]?.name === parents[kept])
      kept += 1;
    for (const node of this.chain.splice(kept).reverse()) await this.staging.release(node);
    let folder = this.chain[kept - 1] ?? this.staging.root;
    for (const name of parents.slice(kept)) {
      folder = await this.ensureFolder(folder, name, 0o755);
      this.chain.push(folder);
    }
    return { folder, name: segments[segments.length - 1] as string };
  }

  private async ensureFolder(folder: PinnedNode, name: string, mode: number): Promise<PinnedNode> {
    const existing = await this.staging.child(folder, name);
    if (existing) {
      if (!existing.stats.isDirectory()) throw unsafeEntry();
      return existing;
    }
    // Owner rwx always, so later entries can be written inside; group/other bits from the archive.
    await mkdir(childPath(folder.fd, name), (mode & 0o777) | 0o700);
    const made = await this.staging.child(folder, name);
    if (!made?.stats.isDirectory()) throw unsafeEntry();
    if (!this.owner) return made;
    await this.chown(made);
    // Its owner now decides whose links inside it may be followed (confine.ts assertMayFollow).
    return { ...made, stats: await statDescriptor(made.fd) };
  }

  /** Removes a previous entry of the same name (a later duplicate wins, as in tar); a folder stays. */
  private async replace(folder: PinnedNode, name: string): Promise<void> {
    const existing = await lstat(childPath(folder.fd, name)).catch((error: unknown) =>
      systemErrorCode(error) === 'ENOENT' ? null : Promise.reject(error),
    );
    if (!existing) return;
    if (existing.isDirectory()) throw unsafeEntry();
    await unlink(childPath(folder.fd, name));
  }

  private async chown(node: PinnedNode): Promise<void> {
    if (this.owner) await chown(descriptorPath(node.fd), this.owner.uid, this.owner.gid);
  }

  async directory(name: string, mode: number): Promise<void> {
    this.countEntry();
    const { folder, name: last } = await this.prepare(entrySegments(name));
    await this.staging.release(await this.ensureFolder(folder, last, mode));
  }

  /** Streams one file in, counting its bytes against the cap. */
  async file(name: string, mode: number, content: Readable): Promise<void> {
    this.countEntry();
    const { folder, name: last } = await this.prepare(entrySegments(name));
    await this.replace(folder, last);
    const handle = await open(childPath(folder.fd, last), CREATE_NEW, 0o600);
    try {
      const counter = new Transform({
        transform: (chunk: Buffer, _encoding, callback) => {
          try {
            this.addBytes(chunk.length);
            callback(null, chunk);
          } catch (error) {
            callback(error as Error);
          }
        },
      });
      // Extracted files are not flushed at the end either (atomic-write.ts is for single files).
      await pipeline(content, counter, writeStreamOf(handle, 1024 * 1024, { flushAlong: false }));
      // No setuid, setgid or sticky bit from an archive (SECURITY.md, archives).
      await handle.chmod(mode & 0o777);
      if (this.owner) await handle.chown(this.owner.uid, this.owner.gid);
    } finally {
      await handle.close();
    }
  }

  /** A link whose text must stay inside the staging folder (relative, resolved from its own folder). */
  async symlink(name: string, linkText: string): Promise<void> {
    this.countEntry();
    const segments = entrySegments(name);
    if (
      linkText === '' ||
      linkText.length > 4096 ||
      linkText.startsWith('/') ||
      linkText.includes('\\') ||
      hasControlCharacters(linkText)
    )
      throw unsafeEntry();
    const aimed = posix.resolve(posix.join(STAGING_TEXT_ROOT, ...segments.slice(0, -1)), linkText);
    if (!isInside(aimed, STAGING_TEXT_ROOT)) throw unsafeEntry();
    const { folder, name: last } = await this.prepare(segments);
    await this.replace(folder, last);
    await symlink(linkText, childPath(folder.fd, last));
    const made = await this.staging.child(folder, last);
    if (!made?.stats.isSymbolicLink()) throw unsafeEntry();
    await this.chown(made);
    await this.staging.release(made);
    this.links.push(segments);
  }

  /** A hard link to a regular file this extraction already wrote (never to anything outside). */
  async hardlink(name: string, targetName: string): Promise<void> {
    this.countEntry();
    // The existing file, every level pinned and none a link (it was written through real folders).
    const walked: PinnedNode[] = [];
    try {
      let existing = this.staging.root;
      for (const segment of entrySegments(targetName)) {
        const next = await this.staging.child(existing, segment);
        if (!next || next.stats.isSymbolicLink()) throw unsafeEntry();
        walked.push(next);
        existing = next;
      }
      if (!existing.stats.isFile() || !existing.parent) throw unsafeEntry();
      const { folder, name: last } = await this.prepare(entrySegments(name));
      await this.replace(folder, last);
      await link(childPath(existing.parent.fd, existing.name), childPath(folder.fd, last));
    } finally {
      for (const node of walked.reverse()) await this.staging.release(node);
    }
  }

  /** After the last entry: every link must resolve inside the staging folder (or dangle inside it). */
  async verifyLinks(): Promise<void> {
    for (const segments of this.links) {
      const visible = posix.join(this.staging.visibleRoot, ...segments);
      await this.staging.scoped(() =>
        this.staging.target(visible).catch((error: unknown) => {
          if (error instanceof FileError && error.status === 404) return null;
          throw error instanceof FileError && error.status === 403 ? unsafeEntry() : error;
        }),
      );
    }
  }
}
