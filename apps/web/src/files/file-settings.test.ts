import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, updatePreferencesRequestSchema } from '@hostdeck/contracts';
import { DEFAULT_FILE_SETTINGS } from './file-rules';

describe('file settings preference', () => {
  it('defaults to the spec values for a user who never changed them', () => {
    expect(DEFAULT_PREFERENCES.file_settings).toEqual(DEFAULT_FILE_SETTINGS);
  });

  it('is accepted by PUT api/user/preferences, and junk is refused', () => {
    const update = { file_settings: { showHiddenFiles: false, showSystemFiles: true, includes: ['.env'] } };
    expect(updatePreferencesRequestSchema.parse(update)).toEqual(update);
    expect(() =>
      updatePreferencesRequestSchema.parse({
        file_settings: { showHiddenFiles: 'no', showSystemFiles: true, includes: [] },
      }),
    ).toThrow();
    expect(() =>
      updatePreferencesRequestSchema.parse({
        file_settings: { showHiddenFiles: true, showSystemFiles: true, includes: ['a\nb'] },
      }),
    ).toThrow();
  });
});
