import { describe, expect, it } from 'vitest';
import { PROFILE_PHOTO_MAX_BYTES } from '@hostdeck/contracts';
import { PROFILE_PHOTO_ACCEPT, checkProfilePhoto, profilePhotoMaxMegabytes } from './photo-check';

describe('profile photo check', () => {
  it('accepts PNG, JPEG and WebP up to the limit', () => {
    expect(checkProfilePhoto({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkProfilePhoto({ type: 'image/jpeg', size: PROFILE_PHOTO_MAX_BYTES })).toBeNull();
    expect(checkProfilePhoto({ type: 'image/webp', size: 2048 })).toBeNull();
  });

  it('rejects other types, SVG included (it can carry script)', () => {
    expect(checkProfilePhoto({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkProfilePhoto({ type: 'image/gif', size: 10 })).toBe('type');
    expect(checkProfilePhoto({ type: '', size: 10 })).toBe('type');
  });

  it('rejects empty and oversized files', () => {
    expect(checkProfilePhoto({ type: 'image/png', size: 0 })).toBe('empty');
    expect(checkProfilePhoto({ type: 'image/png', size: PROFILE_PHOTO_MAX_BYTES + 1 })).toBe('size');
  });

  it('describes the limit and the accepted types', () => {
    expect(profilePhotoMaxMegabytes()).toBe(1);
    expect(PROFILE_PHOTO_ACCEPT).toBe('image/png,image/jpeg,image/webp');
  });
});
