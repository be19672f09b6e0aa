import type { ReactNode } from 'react';
import { createExternalStore, useExternalStore } from './external-store';
import { closeWindow, focusWindow, openWindow, type FloatingWindowStack } from './floating-windows';

const windows = createExternalStore<FloatingWindowStack>([]);
let nextId = 1;

/** Opens a new floating window on top of the others; several can be open at once. Returns its id. */
export function openFloatingWindow({ title, content }: { title: string; content: ReactNode }): number {
  const id = nextId++;
  windows.set((stack) => openWindow(stack, { id, title, content }));
  return id;
}

export function closeFloatingWindow(id: number): void {
  windows.set((stack) => closeWindow(stack, id));
}

export function focusFloatingWindow(id: number): void {
  windows.set((stack) => focusWindow(stack, id));
}

export function closeAllFloatingWindows(): void {
  windows.set([]);
}

export function floatingWindows(): FloatingWindowStack {
  return windows.get();
}

export function useFloatingWindows(): FloatingWindowStack {
  return useExternalStore(windows);
}
