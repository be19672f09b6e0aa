import { afterEach, describe, expect, it } from 'vitest';
import {
  hideLoadingOverlay,
  isLoadingOverlayVisible,
  resetLoadingOverlay,
  showLoadingOverlay,
} from './loading-overlay-store';

afterEach(resetLoadingOverlay);

describe('loading overlay', () => {
  it('stays until every show has been matched by a hide', () => {
    showLoadingOverlay();
    showLoadingOverlay();
    hideLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(true);
    hideLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(false);
  });

  it('ignores a hide without a show', () => {
    hideLoadingOverlay();
    showLoadingOverlay();
    expect(isLoadingOverlayVisible()).toBe(true);
  });
});
