import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@hostdeck/contracts';
import { preferencesToApply, type LocalPreferences } from './sign-in-preferences';

const local: LocalPreferences = {
  theme: 'light',
  locale: 'en',
  drawers: { drawerOpen: true, subDrawerOpen: true },
};

describe('preferences applied at sign-in', () => {
  it('changes nothing when the saved preferences match the browser', () => {
    expect(preferencesToApply(DEFAULT_PREFERENCES, local)).toEqual({});
  });

  it('applies the saved theme, locale and drawer states', () => {
    const saved = {
      ...DEFAULT_PREFERENCES,
      theme: 'dark' as const,
      locale: 'vi' as const,
      sub_drawer_open: false,
    };
    expect(preferencesToApply(saved, local)).toEqual({
      theme: 'dark',
      locale: 'vi',
      drawers: { drawerOpen: true, subDrawerOpen: false },
    });
  });

  it('keeps the local theme when the user never saved one', () => {
    expect(preferencesToApply({ ...DEFAULT_PREFERENCES, theme: null }, { ...local, theme: 'dark' })).toEqual(
      {},
    );
  });
});
