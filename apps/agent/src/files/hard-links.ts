import type { Stats } from 'node:fs';
import { FileError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

/**
 * Hard links and root (docs/agent-file-safety.md). A pinned descriptor is the file itself, so it
 * cannot be swapped; but a hard link is the file itself too. Where fs.protected_hardlinks is 0, a
 * site user may give any file of the same file system (/etc/shadow) a second name in the site's
 * folder, and root would then change that file's owner or mode, or copy its content into a file
 * the site user owns. Nothing tells which name came first, so a regular file with other names is
 * suspect when the folder it was found in could have been written by someone else than the file's
 * owner: a folder of another owner, or one its group or others may write (/tmp). Only root needs
 * the rule: a site user's worker gets no more from the kernel than the user already has.
 */
export function isForeignHardLink(file: Stats, folder: Stats | null): boolean {
  if (process.getuid?.() !== 0 || !folder || !file.isFile() || file.nlink < 2) return false;
  return (folder.mode & 0o022) !== 0 || file.uid !== folder.uid;
}

/** Refuses root's change or copy of a suspect hard link (see isForeignHardLink). */
export function assertNotForeignHardLink(file: Stats, folder: Stats | null): void {
  if (isForeignHardLink(file, folder)) throw new FileError(409, FILE_MESSAGES.hardLinked);
}

/**
 * chown of a regular file with other names, as root: only to the owner it already has (a new owner
 * could chmod the file under every one of its names), and never a suspect one.
 */
export function assertOwnerChangeAllowed(file: Stats, folder: Stats | null, uid: number, gid: number): void {
  assertNotForeignHardLink(file, folder);
  if (process.getuid?.() !== 0 || !file.isFile() || file.nlink < 2) return;
  if (file.uid !== uid || file.gid !== gid) throw new FileError(409, FILE_MESSAGES.hardLinked);
}
