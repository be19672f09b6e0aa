import type { ReactNode } from 'react';

/** One floating window (spec/000 §2): a title and any content, e.g. a terminal or a log. */
export interface FloatingWindowEntry {
  id: number;
  title: string;
  content: ReactNode;
}

/**
 * The open windows, back to front: the last one is on top. Pure functions so the stacking rules
 * are testable without a DOM; each returns the same array when nothing changes.
 */
export type FloatingWindowStack = readonly FloatingWindowEntry[];

export function openWindow(stack: FloatingWindowStack, entry: FloatingWindowEntry): FloatingWindowStack {
  return [...stack, entry];
}

export function closeWindow(stack: FloatingWindowStack, id: number): FloatingWindowStack {
  return stack.some((entry) => entry.id === id) ? stack.filter((entry) => entry.id !== id) : stack;
}

/** Brings a window to the front, as clicking anywhere in it does. */
export function focusWindow(stack: FloatingWindowStack, id: number): FloatingWindowStack {
  const entry = stack.find((candidate) => candidate.id === id);
  if (!entry || stack.at(-1) === entry) return stack;
  return [...stack.filter((candidate) => candidate.id !== id), entry];
}
