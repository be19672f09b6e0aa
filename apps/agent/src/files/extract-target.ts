import { constants } from 'node:fs';
import { lchown, link, lstat, mkdir, open, realpath, symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hasControlCharacters } from '@hostdeck/contracts';
import { isInside } from './confine.js';
import { FileError, systemErrorCode } from './errors.js';
import { FILE_MESSAGES } from './messages.js';
import type { ArchiveLimits } from './options.js';
import { writeStreamOf } from './fd-streams.js';

const posix = path.posix;

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
 * moves are renames). Every write goes through it with these guarantees:
 * - parents are real folders created here; an existing link is never written through (O_NOFOLLOW,
 *   lstat of every level), so a link entry followed by 'link/file' cannot leave the folder;
 * - link entries must aim inside the staging folder (absolute targets refused), and are checked
 *   again with realpath once everything is written (chains of relative links);
 * - hard links may only name files already extracted here;
 * - setuid/setgid/sticky bits are dropped; the owner is the extracting user (or `owner`);
 * - entries and written bytes are counted against the caps as they stream, whatever the archive
 *   declares, so a bomb stops at the cap.
 */
export class ExtractionTarget {
  entries = 0;
  bytes = 0;
  private readonly links: string[] = [];

  constructor(
    readonly staging: string,
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

  /** Creates (or reuses) the real folders above `segments`; returns the entry's path. */
  private async prepare(segments: string[]): Promise<string> {
    let current = this.staging;
    for (const segment of segments.slice(0, -1)) {
      current = posix.join(current, segment);
      await this.ensureFolder(current, 0o755);
    }
    return posix.join(current, segments[segments.length - 1] as string);
  }

  private async ensureFolder(folder: string, mode: number): Promise<void> {
    const existing = await lstat(folder).catch((error: unknown) =>
      systemErrorCode(error) === 'ENOENT' ? null : Promise.reject(error),
    );
    if (existing && !existing.isDirectory()) throw unsafeEntry();
    if (existing) return;
    // Owner rwx always, so later entries can be written inside; group/other bits from the archive.
    await mkdir(folder, (mode & 0o777) | 0o700);
    await this.chown(folder);
  }

  /** Removes a previous entry of the same name (a later duplicate wins, as in tar); a folder stays. */
  private async replace(target: string): Promise<void> {
    const existing = await lstat(target).catch(() => null);
    if (!existing) return;
    if (existing.isDirectory()) throw unsafeEntry();
    await unlink(target);
  }

  private async chown(target: string): Promise<void> {
    if (this.owner) await lchown(target, this.owner.uid, this.owner.gid);
  }

  async directory(name: string, mode: number): Promise<void> {
    this.countEntry();
    const segments = entrySegments(name);
    const target = await this.prepare(segments);
    await this.ensureFolder(target, mode);
  }

  /** Streams one file in, counting its bytes against the cap. */
  async file(name: string, mode: number, content: Readable): Promise<void> {
    this.countEntry();
    const target = await this.prepare(entrySegments(name));
    await this.replace(target);
    const handle = await open(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
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
    const aimed = posix.resolve(posix.join(this.staging, ...segments.slice(0, -1)), linkText);
    if (!isInside(aimed, this.staging)) throw unsafeEntry();
    const target = await this.prepare(segments);
    await this.replace(target);
    await symlink(linkText, target);
    await this.chown(target);
    this.links.push(target);
  }

  /** A hard link to a regular file this extraction already wrote (never to anything outside). */
  async hardlink(name: string, targetName: string): Promise<void> {
    this.countEntry();
    const existingPath = posix.join(this.staging, ...entrySegments(targetName));
    const existing = await lstat(existingPath).catch(() => null);
    if (!existing?.isFile()) throw unsafeEntry();
    // The path to the existing file must hold no link either (it was written through real folders).
    if ((await realpath(existingPath)) !== existingPath) throw unsafeEntry();
    const target = await this.prepare(entrySegments(name));
    await this.replace(target);
    await link(existingPath, target);
  }

  /** After the last entry: every link must resolve inside the staging folder (or dangle inside it). */
  async verifyLinks(): Promise<void> {
    for (const linkPath of this.links) {
      const resolved = await realpath(linkPath).catch((error: unknown) => {
        const code = systemErrorCode(error);
        if (code === 'ENOENT') return null;
        if (code === 'ELOOP') throw unsafeEntry();
        throw error;
      });
      if (resolved !== null && !isInside(resolved, this.staging)) throw unsafeEntry();
    }
  }
}
