import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Profile photos on disk: `${DATA_DIR}/profile-photos/<32 random hex>.<ext>`, mode 0600. The
 * stored path in users.profile_photo_path is relative (`profile-photos/<file>`); the browser gets
 * them through GET api/profile-photos/:file, which needs a session.
 */
export const PROFILE_PHOTO_DIRECTORY = 'profile-photos';
export const PROFILE_PHOTO_ROUTE = '/api/profile-photos';

/** The only file names the serving route accepts: no separators, no dots but the extension's. */
const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export const PHOTO_CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type PhotoExtension = keyof typeof PHOTO_CONTENT_TYPES;

/**
 * The type of an image from its first bytes; the file name and the declared Content-Type are the
 * uploader's to choose and are ignored.
 */
export function sniffImageType(bytes: Buffer): PhotoExtension | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export function isProfilePhotoFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

export function profilePhotoUrl(storedPath: string | null): string | null {
  if (!storedPath) return null;
  return `${PROFILE_PHOTO_ROUTE}/${path.posix.basename(storedPath)}`;
}

export interface ProfilePhotoStore {
  /** Writes the photo and returns its stored path. */
  save(bytes: Buffer, extension: PhotoExtension): Promise<string>;
  remove(storedPath: string | null): Promise<void>;
  /** A stored photo by file name; null for a missing file or a name this store never makes. */
  read(fileName: string): Promise<{ content: Buffer; contentType: string } | null>;
}

export function createProfilePhotoStore(dataDir: string): ProfilePhotoStore {
  const directory = path.join(dataDir, PROFILE_PHOTO_DIRECTORY);
  const resolve = (fileName: string) => {
    if (!isProfilePhotoFileName(fileName)) return null;
    const extension = path.extname(fileName).slice(1) as PhotoExtension;
    return { file: path.join(directory, fileName), contentType: PHOTO_CONTENT_TYPES[extension] };
  };
  return {
    async save(bytes, extension) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(path.join(directory, fileName), bytes, { mode: 0o600, flag: 'wx' });
      return `${PROFILE_PHOTO_DIRECTORY}/${fileName}`;
    },
    async remove(storedPath) {
      const resolved = storedPath ? resolve(path.posix.basename(storedPath)) : null;
      if (resolved) await rm(resolved.file, { force: true });
    },
    async read(fileName) {
      const resolved = resolve(fileName);
      if (!resolved) return null;
      const content = await readFile(resolved.file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return content && { content, contentType: resolved.contentType };
    },
  };
}
