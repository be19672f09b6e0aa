import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '@hostdeck/contracts';

export type PhotoProblem = 'type' | 'size' | 'empty';

/**
 * Checks a chosen photo before uploading it, so a wrong file fails at once instead of after the
 * upload. The panel checks again (and looks at the bytes, not just the declared type).
 */
export function checkProfilePhoto(file: { type: string; size: number }): PhotoProblem | null {
  if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return 'size';
  return null;
}

/** The size limit in megabytes (1024 units, spec/000 §9), for the error message. */
export function profilePhotoMaxMegabytes(): number {
  return Math.round((PROFILE_PHOTO_MAX_BYTES / (1024 * 1024)) * 10) / 10;
}

/** `accept` attribute of the file input. */
export const PROFILE_PHOTO_ACCEPT = PROFILE_PHOTO_TYPES.join(',');
