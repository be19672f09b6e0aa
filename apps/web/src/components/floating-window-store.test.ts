import { afterEach, describe, expect, it } from 'vitest';
import {
  closeAllFloatingWindows,
  closeFloatingWindow,
  floatingWindows,
  focusFloatingWindow,
  openFloatingWindow,
} from './floating-window-store';

const titles = () => floatingWindows().map((entry) => entry.title);

afterEach(closeAllFloatingWindows);

describe('floating windows', () => {
  it('opens several at once, the newest on top', () => {
    openFloatingWindow({ title: 'a', content: null });
    openFloatingWindow({ title: 'b', content: null });
    expect(titles()).toEqual(['a', 'b']);
  });

  it('brings a focused window to the front and keeps the order otherwise', () => {
    const first = openFloatingWindow({ title: 'a', content: null });
    openFloatingWindow({ title: 'b', content: null });
    openFloatingWindow({ title: 'c', content: null });
    focusFloatingWindow(first);
    expect(titles()).toEqual(['b', 'c', 'a']);
    const before = floatingWindows();
    focusFloatingWindow(first);
    expect(floatingWindows()).toBe(before);
  });

  it('closes one window by id and ignores unknown ids', () => {
    openFloatingWindow({ title: 'a', content: null });
    const second = openFloatingWindow({ title: 'b', content: null });
    closeFloatingWindow(second);
    closeFloatingWindow(9999);
    expect(titles()).toEqual(['a']);
  });
});
